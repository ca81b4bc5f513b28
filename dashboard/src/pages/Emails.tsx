/**
 * E-mail: the sending server (shared or the project's own SMTP, with a test mail), templates, themes and
 * drafts in a code editor with a live preview rendered by the server, the log of sent mail, and the
 * local inbox of a project without a mail server (EmailInbox.tsx). `?tab=` names the open tab.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Badge, Button, Card, Empty, Field, formatDate, InlineError, Input, Loading, PageHeader, QueryView, Select, Table, td, useToast } from "../components/ui.js";
import { errorMessage, useTRPC } from "../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../lib/use-project.js";
import { EmailInbox } from "./EmailInbox.js";
import { SmtpRequiredNotice } from "../components/emails/smtp-required-notice.js";

const CodeEditor = lazy(() => import("../components/code-editor.js"));

// ---- server settings ------------------------------------------------------------------------------

function ServerSettings() {
  const trpc = useTRPC();
  const project = useAdminProject();
  const update = useUpdateProject("E-mail server saved");
  const toast = useToast();
  const config = project.data?.config.email_config;
  const stored = config?.type === "standard" ? config : null;
  const [type, setType] = useState<"shared" | "standard" | null>(null);
  const [form, setForm] = useState<{ host: string; port: string; username: string; password: string; sender_name: string; sender_email: string } | null>(null);
  const [recipient, setRecipient] = useState("");
  const test = useMutation(trpc.sendTestEmail.mutationOptions());
  const currentType = type ?? config?.type ?? "shared";
  const values = form ?? {
    host: stored?.host ?? "",
    port: String(stored?.port ?? 587),
    username: stored?.username ?? "",
    password: "",
    sender_name: stored?.sender_name ?? "",
    sender_email: stored?.sender_email ?? "",
  };
  const set = (key: keyof typeof values, value: string) => setForm({ ...values, [key]: value });
  const smtp = () => ({
    host: values.host.trim(),
    port: Number(values.port),
    username: values.username,
    // An empty password field keeps the stored password (never shown).
    password: values.password || stored?.password || "",
    sender_name: values.sender_name,
    sender_email: values.sender_email.trim(),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { body: { config: { email_config: currentType === "shared" ? { type: "shared" } : { type: "standard", ...smtp() } } } },
      {
        onSuccess: () => {
          setForm(null);
          setType(null);
        },
      },
    );
  }
  if (project.isPending) return <Loading what="the e-mail settings" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="E-mail server" description="The shared server is for development; use your own SMTP server in production.">
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="mb-1 font-medium">Server</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="email-server" checked={currentType === "shared"} onChange={() => setType("shared")} /> Shared server
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="email-server" checked={currentType === "standard"} onChange={() => setType("standard")} /> My own SMTP server
            </label>
          </fieldset>
          {currentType === "standard" && (
            <>
              <div className="grid grid-cols-[1fr_7rem] gap-2">
                <Field label="SMTP host">{(id) => <Input id={id} required value={values.host} onChange={(e) => set("host", e.target.value)} />}</Field>
                <Field label="Port">{(id) => <Input id={id} type="number" required min={1} max={65535} value={values.port} onChange={(e) => set("port", e.target.value)} />}</Field>
              </div>
              <Field label="Username">{(id) => <Input id={id} value={values.username} onChange={(e) => set("username", e.target.value)} autoComplete="off" />}</Field>
              <Field label="Password" hint={stored ? "Leave empty to keep the current password." : undefined}>
                {(id, hint) => <Input id={id} aria-describedby={hint} type="password" value={values.password} onChange={(e) => set("password", e.target.value)} autoComplete="new-password" />}
              </Field>
              <Field label="Sender name">{(id) => <Input id={id} required value={values.sender_name} onChange={(e) => set("sender_name", e.target.value)} />}</Field>
              <Field label="Sender e-mail">{(id) => <Input id={id} type="email" required value={values.sender_email} onChange={(e) => set("sender_email", e.target.value)} />}</Field>
            </>
          )}
          <InlineError error={update.error} />
          <div>
            <Button type="submit" busy={update.isPending}>
              Save e-mail server
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Test mail" description="Sends a short message through the SMTP settings in the form (saved or not).">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate(
              { body: { recipient_email: recipient.trim(), email_config: smtp() } },
              { onSuccess: (answer) => toast(answer.success ? "Test mail sent" : "The test mail could not be sent", answer.success ? "good" : "bad") },
            );
          }}
        >
          <Field label="Send a test mail to">{(id) => <Input id={id} type="email" required value={recipient} onChange={(e) => setRecipient(e.target.value)} />}</Field>
          {currentType !== "standard" && <p className="text-xs text-zinc-600 dark:text-zinc-400">Choose “My own SMTP server” and fill in its settings first.</p>}
          <InlineError error={test.error} />
          {test.data && (
            <p role="status" className={test.data.success ? "text-sm text-emerald-800 dark:text-emerald-300" : "text-sm text-red-700 dark:text-red-400"}>
              {test.data.success ? "Sent. Check the inbox." : `Not sent: ${test.data.error_message ?? "unknown problem"}`}
            </p>
          )}
          <div>
            <Button type="submit" variant="secondary" busy={test.isPending} disabled={currentType !== "standard"}>
              Send test mail
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

// ---- editor with preview -------------------------------------------------------------------------

function Preview({ source, kind, themeId }: { source: string; kind: "template" | "theme"; themeId?: string | false | null }) {
  const trpc = useTRPC();
  // A theme is previewed around the first template (the built-in ones always exist).
  const templates = useQuery({ ...trpc.listEmailTemplates.queryOptions(), enabled: kind === "theme" });
  const previewTemplateId = templates.data?.templates[0]?.id;
  const [attempt, setAttempt] = useState(0);
  const render = useMutation(trpc.renderEmail.mutationOptions());
  const { mutate } = render;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (kind === "template") mutate({ body: { template_tsx_source: source, ...(themeId !== undefined ? { theme_id: themeId } : {}) } });
      else if (previewTemplateId) mutate({ body: { theme_tsx_source: source, template_id: previewTemplateId } });
    }, 500);
    return () => clearTimeout(timer);
  }, [source, kind, themeId, mutate, previewTemplateId, attempt]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">Preview</span>
        {render.data?.subject && <span className="truncate text-zinc-600 dark:text-zinc-400">Subject: {render.data.subject}</span>}
      </div>
      {render.isError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          It does not render yet: {errorMessage(render.error)}{" "}
          <button type="button" className="underline" onClick={() => setAttempt((n) => n + 1)}>
            Render again
          </button>
        </p>
      ) : (
        <iframe title="E-mail preview" sandbox="" srcDoc={render.data?.html ?? "<p style='font-family:sans-serif;color:#555'>Rendering…</p>"} className="h-[420px] w-full rounded-md border border-zinc-300 bg-white dark:border-zinc-700" />
      )}
    </div>
  );
}

function SourceEditor({ title, initial, kind, themeId, onSave, saving, error, extra, locked }: { title: string; initial: string; kind: "template" | "theme"; themeId?: string | false | null; onSave: (source: string) => void; saving: boolean; error: unknown; extra?: React.ReactNode; locked?: boolean }) {
  const [source, setSource] = useState(initial);
  useEffect(() => setSource(initial), [initial]);
  return (
    <Card title={title} actions={extra} className="min-w-0">
      <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <Suspense fallback={<Loading what="the editor" />}>
          <CodeEditor value={source} onChange={setSource} label={`${title} source`} readOnly={locked} />
        </Suspense>
        <Preview source={source} kind={kind} themeId={themeId} />
      </div>
      <InlineError error={error} />
      <div className="mt-3 flex gap-2">
        <Button busy={saving} disabled={locked || source === initial} onClick={() => onSave(source)}>
          Save
        </Button>
        {source !== initial && (
          <Button variant="ghost" onClick={() => setSource(initial)}>
            Undo changes
          </Button>
        )}
      </div>
    </Card>
  );
}

function NewItem({ label, onCreate, pending }: { label: string; onCreate: (name: string) => void; pending: boolean }) {
  const [name, setName] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(name.trim());
        setName("");
      }}
    >
      <Field label={`New ${label} name`}>{(id) => <Input id={id} required value={name} onChange={(e) => setName(e.target.value)} />}</Field>
      <Button type="submit" variant="secondary" busy={pending}>
        Create {label}
      </Button>
    </form>
  );
}

function ThemeSelect({ value, onChange }: { value: string | false | null; onChange: (value: string | false | null) => void }) {
  const trpc = useTRPC();
  const themes = useQuery(trpc.listEmailThemes.queryOptions());
  return (
    <Select aria-label="Theme" className="w-48" value={value === null ? "__project" : value === false ? "__none" : value} onChange={(e) => onChange(e.target.value === "__project" ? null : e.target.value === "__none" ? false : e.target.value)}>
      <option value="__project">Project's theme</option>
      <option value="__none">No theme</option>
      {(themes.data?.themes ?? []).map((t) => (
        <option key={t.id} value={t.id}>
          {t.display_name}
        </option>
      ))}
    </Select>
  );
}

function Templates({ onSetUpServer }: { onSetUpServer: () => void }) {
  const trpc = useTRPC();
  const project = useAdminProject();
  const shared = project.data?.config.email_config.type === "shared";
  const queryClient = useQueryClient();
  const toast = useToast();
  const templates = useQuery(trpc.listEmailTemplates.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const [theme, setTheme] = useState<string | false | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listEmailTemplates.queryKey() });
  const create = useMutation(trpc.createEmailTemplate.mutationOptions({ onSuccess: (t) => (setSelected(t.id), refresh()) }));
  const save = useMutation(trpc.updateEmailTemplate.mutationOptions({ onSuccess: () => (toast("Template saved"), refresh()) }));
  return (
    <QueryView query={templates} what="the templates">
      {(t) => {
        const current = t.templates.find((x) => x.id === selected) ?? t.templates[0];
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <Field label="Template">
                {(id) => (
                  <Select id={id} className="w-72" value={current?.id ?? ""} onChange={(e) => (setSelected(e.target.value), save.reset())}>
                    {t.templates.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.display_name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <NewItem label="template" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error} />
            {shared && <SmtpRequiredNotice onSetUp={onSetUpServer} />}
            {current ? (
              <SourceEditor
                key={current.id}
                locked={shared}
                title={current.display_name}
                initial={current.tsx_source}
                kind="template"
                themeId={theme}
                saving={save.isPending}
                error={save.error}
                extra={<ThemeSelect value={theme} onChange={setTheme} />}
                onSave={(source) => save.mutate({ params: { id: current.id }, body: { tsx_source: source, theme_id: theme } })}
              />
            ) : (
              <Empty title="No templates" />
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

function ThemeEditor({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const theme = useQuery(trpc.getEmailTheme.queryOptions({ params: { id } }));
  const save = useMutation(
    trpc.updateEmailTheme.mutationOptions({
      onSuccess: () => {
        toast("Theme saved");
        void queryClient.invalidateQueries({ queryKey: trpc.getEmailTheme.queryKey() });
      },
    }),
  );
  return (
    <QueryView query={theme} what="the theme">
      {(t) => <SourceEditor title={t.display_name} initial={t.tsx_source} kind="theme" saving={save.isPending} error={save.error} onSave={(source) => save.mutate({ params: { id }, body: { tsx_source: source } })} />}
    </QueryView>
  );
}

function Themes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const project = useAdminProject();
  const update = useUpdateProject("Project theme chosen");
  const themes = useQuery(trpc.listEmailThemes.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const create = useMutation(trpc.createEmailTheme.mutationOptions({ onSuccess: (t) => (setSelected(t.id), void queryClient.invalidateQueries({ queryKey: trpc.listEmailThemes.queryKey() })) }));
  return (
    <QueryView query={themes} what="the themes">
      {(t) => {
        const current = t.themes.find((x) => x.id === selected) ?? t.themes[0];
        const active = project.data?.config.email_theme;
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex items-end gap-2">
                <Field label="Theme">
                  {(fid) => (
                    <Select id={fid} className="w-72" value={current?.id ?? ""} onChange={(e) => setSelected(e.target.value)}>
                      {t.themes.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.display_name}
                          {x.id === active ? " (project's theme)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {current && current.id !== active && (
                  <Button variant="secondary" busy={update.isPending} onClick={() => update.mutate({ body: { config: { email_theme: current.id } } })}>
                    Use for the project
                  </Button>
                )}
                {current && current.id === active && <Badge tone="good">project's theme</Badge>}
              </div>
              <NewItem label="theme" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error ?? update.error} />
            {current ? <ThemeEditor key={current.id} id={current.id} /> : <Empty title="No themes" />}
          </div>
        );
      }}
    </QueryView>
  );
}

function Drafts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const drafts = useQuery(trpc.listEmailDrafts.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listEmailDrafts.queryKey() });
  const create = useMutation(trpc.createEmailDraft.mutationOptions({ onSuccess: (d) => (setSelected(d.id), refresh()) }));
  const save = useMutation(trpc.updateEmailDraft.mutationOptions({ onSuccess: () => (toast("Draft saved"), refresh()) }));
  return (
    <QueryView query={drafts} what="the drafts">
      {(d) => {
        const current = d.drafts.find((x) => x.id === selected) ?? d.drafts[0];
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              {d.drafts.length > 0 ? (
                <Field label="Draft">
                  {(id) => (
                    <Select id={id} className="w-72" value={current?.id ?? ""} onChange={(e) => setSelected(e.target.value)}>
                      {d.drafts.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.display_name}
                          {x.sent_at_millis ? " (sent)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : (
                <span />
              )}
              <NewItem label="draft" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error} />
            {current ? (
              <SourceEditor
                key={current.id}
                title={current.display_name}
                initial={current.tsx_source}
                kind="template"
                themeId={current.theme_id}
                saving={save.isPending}
                error={save.error}
                onSave={(source) => save.mutate({ params: { id: current.id }, body: { tsx_source: source } })}
              />
            ) : (
              <Empty title="No drafts yet">A draft is a one-off e-mail to send to some or all users from your backend.</Empty>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

function SentLog() {
  const trpc = useTRPC();
  const sent = useQuery(trpc.listSentEmails.queryOptions());
  return (
    <QueryView query={sent} what="the sent e-mails">
      {(s) =>
        s.items.length === 0 ? (
          <Empty title="No e-mail sent yet" />
        ) : (
          <Table caption="Sent e-mails" head={["Subject", "To", "Sent", "Server", "Status"]}>
            {s.items.map((mail) => (
              <tr key={mail.id}>
                <td className={td}>{mail.subject}</td>
                <td className={`${td} text-xs`}>{mail.to.join(", ")}</td>
                <td className={td}>{formatDate(mail.sent_at_millis)}</td>
                <td className={`${td} text-xs`}>{mail.sender_config.type === "shared" ? "shared" : `${mail.sender_config.host ?? ""}`}</td>
                <td className={td}>{mail.error ? <Badge tone="bad">failed</Badge> : <Badge tone="good">sent</Badge>}</td>
              </tr>
            ))}
          </Table>
        )
      }
    </QueryView>
  );
}

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
