/** The project's own API keys (publishable client, secret server, super-secret admin): full values shown once. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { appEnvLines } from "../../../contract/app-env.js";
import { CodeBlock } from "../components/code-block.js";
import { Badge, Button, CopyValue, Empty, Field, formatDate, InlineError, Input, Modal, PageHeader, QueryView, Select, Table, td } from "../components/ui.js";
import { apiOrigin } from "../lib/config.js";
import { useProjectId, useProjectPath } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";

const DAY = 24 * 60 * 60 * 1000;

export default function ApiKeys() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const path = useProjectPath();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.listInternalApiKeys.queryOptions());
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState("");
  const [days, setDays] = useState("365");
  const [kinds, setKinds] = useState({ client: true, server: true, admin: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listInternalApiKeys.queryKey() });
  const create = useMutation(trpc.createInternalApiKey.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.updateInternalApiKey.mutationOptions({ onSuccess: refresh }));
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      body: {
        description: description.trim() || "Dashboard key",
        expires_at_millis: Date.now() + Number(days) * DAY,
        has_publishable_client_key: kinds.client,
        has_secret_server_key: kinds.server,
        has_super_secret_admin_key: kinds.admin,
      },
    });
  }
  const close = (value: boolean) => {
    setOpen(value);
    if (!value) {
      create.reset();
      setDescription("");
    }
  };
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys your app uses to talk to Latchkey. Full values are shown only when created."
        actions={
          <Button onClick={() => setOpen(true)}>
            <Plus aria-hidden className="size-4" /> Create keys
          </Button>
        }
      />
      <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
        Project id: <code className="font-mono">{projectId}</code>. Setting up an app?{" "}
        <Link className="text-indigo-700 underline dark:text-indigo-300" to={path("connect")}>
          Connect your app
        </Link>{" "}
        fills these values into your framework's quickstart.
      </p>
      <QueryView query={keys} what="the API keys">
        {(k) =>
          k.items.length === 0 ? (
            <Empty title="No API keys yet">Create keys to connect your app.</Empty>
          ) : (
            <Table caption="API key sets" head={["Description", "Keys", "Created", "Expires", "Status", ""]}>
              {k.items.map((set) => {
                const revoked = set.manually_revoked_at_millis !== undefined;
                const expired = set.expires_at_millis < Date.now();
                return (
                  <tr key={set.id}>
                    <td className={td}>{set.description || "—"}</td>
                    <td className={`${td} text-xs`}>
                      {set.publishable_client_key && <div>client …{set.publishable_client_key.last_four}</div>}
                      {set.secret_server_key && <div>server …{set.secret_server_key.last_four}</div>}
                      {set.super_secret_admin_key && <div>admin …{set.super_secret_admin_key.last_four}</div>}
                    </td>
                    <td className={td}>{formatDate(set.created_at_millis)}</td>
                    <td className={td}>{formatDate(set.expires_at_millis)}</td>
                    <td className={td}>{revoked ? <Badge tone="bad">revoked</Badge> : expired ? <Badge tone="warn">expired</Badge> : <Badge tone="good">active</Badge>}</td>
                    <td className={`${td} text-right`}>
                      {!revoked && (
                        <Button variant="ghost" aria-label={`Revoke ${set.description || set.id}`} onClick={() => revoke.mutate({ params: { api_key_id: set.id }, body: { revoked: true } })}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          )
        }
      </QueryView>
      <InlineError error={revoke.error} />
      <Modal open={open} onOpenChange={close} title={create.data ? "Copy your keys now" : "Create API keys"} description={create.data ? "They are not shown again. Store them in your app's environment." : undefined}>
        {create.data ? (
          <div className="flex flex-col gap-3">
            <CopyValue label="Project id" value={projectId} />
            {create.data.publishable_client_key && <CopyValue label="Publishable client key" value={create.data.publishable_client_key} />}
            {create.data.secret_server_key && <CopyValue label="Secret server key" value={create.data.secret_server_key} />}
            {create.data.super_secret_admin_key && <CopyValue label="Super-secret admin key" value={create.data.super_secret_admin_key} />}
            {(create.data.publishable_client_key || create.data.secret_server_key) && (
              <CodeBlock
                title=".env"
                label=".env lines"
                code={
                  appEnvLines(["node", "next"], { url: apiOrigin(), projectId, publishableClientKey: create.data.publishable_client_key, secretServerKey: create.data.secret_server_key })
                    .filter((line) => !line.includes("=<create a key set"))
                    .join("\n") + "\n"
                }
              />
            )}
            <div>
              <Button onClick={() => close(false)}>I have copied them</Button>
            </div>
          </div>
        ) : (
          <form className="flex flex-col gap-3" onSubmit={submit}>
            <Field label="Description">{(id) => <Input id={id} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Production web app" />}</Field>
            <Field label="Valid for">
              {(id) => (
                <Select id={id} value={days} onChange={(e) => setDays(e.target.value)}>
                  <option value="1">1 day</option>
                  <option value="30">30 days</option>
                  <option value="90">90 days</option>
                  <option value="365">1 year</option>
                  <option value="3650">10 years</option>
                </Select>
              )}
            </Field>
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="mb-1 font-medium">Keys</legend>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={kinds.client} onChange={(e) => setKinds({ ...kinds, client: e.target.checked })} /> Publishable client key (browsers and apps)
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={kinds.server} onChange={(e) => setKinds({ ...kinds, server: e.target.checked })} /> Secret server key (your backend)
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={kinds.admin} onChange={(e) => setKinds({ ...kinds, admin: e.target.checked })} /> Super-secret admin key (full control)
              </label>
            </fieldset>
            <InlineError error={create.error} />
            <div className="flex gap-2">
              <Button type="submit" busy={create.isPending} disabled={!kinds.client && !kinds.server && !kinds.admin}>
                Create keys
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
