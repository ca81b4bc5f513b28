/**
 * E-mails > Inbox: the mails a project without a mail server kept instead of sending (the newest 500,
 * for 7 days), so a developer can open verification links and read codes locally. A mail's HTML is
 * shown in a sandboxed frame (no scripts; its links open in a new tab), next to its plain text. When
 * nothing is kept (production mode, or a mail server), the tab says why.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Empty, formatDate, QueryView } from "../components/ui.js";
import { useTRPC } from "../lib/trpc.js";

/** Why a project keeps no mail, in words; null while it keeps them. */
const nothingKept: Record<"kept" | "production_mode" | "mail_server", string | null> = {
  kept: null,
  production_mode:
    "This project is in production mode, so its mails are never kept here: its users' codes and links must not sit in a dashboard. Without a mail server its mails go nowhere; set one up under Server.",
  mail_server: "This project sends its mails through its mail server (Server tab), so none are kept here. Mails kept before the server was set up stay for 7 days.",
};

/** The mail's HTML as a frame document whose links open in a new tab (the frame itself runs no script). */
function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${html}</body></html>`;
}

/** The plain text with its http(s) addresses as links that open in a new tab (nothing else becomes markup). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline dark:text-indigo-300">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function KeptMail({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const mail = useQuery(trpc.getLocalInboxEmail.queryOptions({ params: { email_id: id } }));
  const [view, setView] = useState<"html" | "text">("html");
  return (
    <QueryView query={mail} what="the e-mail">
      {(m) => (
        <Card
          title={m.subject}
          description={`To ${m.to.join(", ")} · ${formatDate(m.created_at_millis)}`}
          actions={
            <>
              <Button variant={view === "html" ? "primary" : "secondary"} aria-pressed={view === "html"} onClick={() => setView("html")}>
                HTML
              </Button>
              <Button variant={view === "text" ? "primary" : "secondary"} aria-pressed={view === "text"} onClick={() => setView("text")}>
                Plain text
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Back to the inbox
              </Button>
            </>
          }
        >
          {view === "html" ? (
            <iframe
              title={`E-mail: ${m.subject}`}
              // No allow-scripts and no allow-same-origin: the mail runs nothing and reads nothing of the
              // dashboard. allow-popups lets its links open in a new tab, outside the sandbox.
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={frameDocument(m.html)}
              className="h-[32rem] w-full rounded-md border border-zinc-200 bg-white dark:border-zinc-700"
            />
          ) : (
            <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-950">
              <LinkedText text={m.text} />
            </pre>
          )}
        </Card>
      )}
    </QueryView>
  );
}

export function EmailInbox() {
  const trpc = useTRPC();
  const inbox = useQuery(trpc.listLocalInbox.queryOptions());
  const [open, setOpen] = useState<string | null>(null);
  if (open) return <KeptMail id={open} onClose={() => setOpen(null)} />;
  return (
    <QueryView query={inbox} what="the inbox">
      {(box) => {
        const why = nothingKept[box.state];
        return (
          <div className="flex flex-col gap-3">
            {why ? (
              <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                {why}
              </p>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                This project has no mail server, so the mails it would send are kept here instead (the newest 500, for 7 days). Set up a server under Server
                to send them.
              </p>
            )}
            <div className="flex justify-end">
              <Button variant="secondary" onClick={() => void inbox.refetch()} disabled={inbox.isFetching}>
                {inbox.isFetching ? "Refreshing…" : "Refresh"}
              </Button>
            </div>
            {box.items.length === 0 ? (
              <Empty title="No e-mail kept">{box.state === "kept" && <p>Mails appear here as the project sends them: sign up on its sign-up page to see one.</p>}</Empty>
            ) : (
              <ul aria-label="Kept e-mails" className="divide-y divide-zinc-200 overflow-hidden rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                {box.items.map((mail) => (
                  <li key={mail.id}>
                    <button
                      type="button"
                      onClick={() => setOpen(mail.id)}
                      className="flex w-full flex-col gap-0.5 px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:flex-row sm:items-center sm:gap-3 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
                    >
                      <span className="min-w-0 flex-1 truncate font-medium">{mail.subject}</span>
                      <span className="min-w-0 truncate text-xs text-zinc-600 sm:w-56 dark:text-zinc-400">{mail.to.join(", ")}</span>
                      <span className="text-xs text-zinc-600 sm:w-40 sm:text-right dark:text-zinc-400">{formatDate(mail.created_at_millis)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {box.items.length > 0 && <p className="text-xs text-zinc-600 dark:text-zinc-400">{box.items.length === 1 ? "1 e-mail kept" : `${box.items.length} e-mails kept`}</p>}
          </div>
        );
      }}
    </QueryView>
  );
}
