/**
 * E-mail: the sending server (shared or the project's own SMTP, with a test mail), templates, themes and
 * drafts in a code editor with a live preview rendered by the server, the log of sent mail, and the
 * local inbox of a project without a mail server, one tab each (components/emails/). `?tab=` names the
 * open tab.
 */
import { Tabs } from "radix-ui";
import { useSearchParams } from "react-router";
import { PageHeader } from "../components/ui.js";
import { Drafts } from "../components/emails/drafts.js";
import { SentLog } from "../components/emails/sent-log.js";
import { ServerSettings } from "../components/emails/server-settings.js";
import { Templates } from "../components/emails/templates.js";
import { Themes } from "../components/emails/themes.js";
import { EmailInbox } from "./EmailInbox.js";

const tabs = [
  ["server", "Server"],
  ["templates", "Templates"],
  ["themes", "Themes"],
  ["drafts", "Drafts"],
  ["sent", "Sent"],
  ["inbox", "Inbox"],
] as const;

type Tab = (typeof tabs)[number][0];

export default function Emails() {
  const [search, setSearch] = useSearchParams();
  const named = search.get("tab");
  const tab: Tab = tabs.find(([value]) => value === named)?.[0] ?? "server";
  const choose = (value: string) => setSearch((current) => (value === "server" ? (current.delete("tab"), current) : (current.set("tab", value), current)), { replace: true });
  return (
    <>
      <PageHeader title="E-mails" description="The server your e-mails go through, what they look like, what was sent, and the mails kept while there is no server." />
      <Tabs.Root value={tab} onValueChange={choose}>
        <Tabs.List aria-label="E-mail sections" className="mb-4 flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-700 data-[state=active]:border-indigo-600 data-[state=active]:font-medium data-[state=active]:text-indigo-800 dark:text-zinc-300 dark:data-[state=active]:text-indigo-300"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="server">
          <ServerSettings />
        </Tabs.Content>
        <Tabs.Content value="templates">
          <Templates onSetUpServer={() => choose("server")} />
        </Tabs.Content>
        <Tabs.Content value="themes">
          <Themes />
        </Tabs.Content>
        <Tabs.Content value="drafts">
          <Drafts />
        </Tabs.Content>
        <Tabs.Content value="sent">
          <SentLog />
        </Tabs.Content>
        <Tabs.Content value="inbox">
          <EmailInbox />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
