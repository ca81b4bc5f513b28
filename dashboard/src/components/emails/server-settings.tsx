/** The E-mails page's Server tab: the shared server or the project's own SMTP server, and a test mail. */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button, Card, Field, InlineError, Input, Loading, useToast } from "../ui.js";
import { useTRPC } from "../../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../../lib/use-project.js";

export function ServerSettings() {
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
