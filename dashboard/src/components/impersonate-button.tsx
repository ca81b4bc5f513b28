/**
 * Impersonation: the admin picks where the app runs (the hosted pages or one of the project's trusted
 * domains) and gets a one-time link, valid five minutes, that opens it signed in as the user for an hour
 * (the session is marked as an impersonation; both steps are in the audit log). No token is shown.
 */
import { useMutation } from "@tanstack/react-query";
import { ExternalLink, VenetianMask } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../lib/trpc.js";
import { useAdminProject } from "../lib/use-project.js";
import { Button, CopyValue, Field, formatDate, InlineError, Modal, Select } from "./ui.js";

const HOSTED = "";

function callbackUrl(domain: string, handlerPath: string): string {
  return `${domain.replace(/\/+$/, "")}${handlerPath.replace(/\/+$/, "")}/magic-link-callback`;
}

export function ImpersonateButton({ userId, userName }: { userId: string; userName: string }) {
  const trpc = useTRPC();
  const project = useAdminProject();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(HOSTED);
  const create = useMutation(trpc.createImpersonationLink.mutationOptions());
  // Wildcard domains name no single address to open.
  const domains = (project.data?.config.domains ?? []).filter((d) => !d.domain.includes("*")).map((d) => callbackUrl(d.domain, d.handler_path));
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          create.reset();
          setOpen(true);
        }}
      >
        <VenetianMask aria-hidden className="size-4" /> Impersonate
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Open the app as ${userName}`}
        description="A one-time link that signs a browser in as this user for one hour. The session is marked as an impersonation and recorded in the audit log."
      >
        <div className="flex flex-col gap-3">
          {!create.data && (
            <>
              <Field label="Open in" hint="Your app's magic-link page handles the link; the hosted pages work for every project.">
                {(id, hint) => (
                  <Select id={id} aria-describedby={hint} value={target} onChange={(e) => setTarget(e.target.value)}>
                    <option value={HOSTED}>The hosted pages</option>
                    {domains.map((url) => (
                      <option key={url} value={url}>
                        {url}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <div>
                <Button
                  busy={create.isPending}
                  onClick={() =>
                    create.mutate({
                      body: {
                        user_id: userId,
                        ...(target ? { callback_url: target } : {}),
                      },
                    })
                  }
                >
                  Create a one-time link
                </Button>
              </div>
            </>
          )}
          <InlineError error={create.error} />
          {create.data && (
            <>
              <a
                href={create.data.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-2 self-start rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
              >
                Open the app as {userName} <ExternalLink aria-hidden className="size-4" />
              </a>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">Works once, until {formatDate(create.data.expires_at_millis)}. Open it in a private window to keep your own session.</p>
              <CopyValue label="One-time link" value={create.data.url} />
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
