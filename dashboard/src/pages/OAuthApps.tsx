/**
 * OAuth apps: the clients that sign users in with this project (partner apps, internal tools, AI agents),
 * registered here or by themselves; each one's secret is shown once and rotatable.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { ClientForm } from "../components/oauth-apps/client-form.js";
import { ProjectScopes } from "../components/oauth-apps/project-scopes.js";
import { RegistrationSettings } from "../components/oauth-apps/registration-settings.js";
import { SecretNotice } from "../components/oauth-apps/secret-notice.js";
import type { OAuthClient, OAuthClientWithSecret } from "../components/oauth-apps/types.js";
import { Badge, Button, Empty, formatDate, InlineError, Modal, PageHeader, QueryView, Table, td } from "../components/ui.js";
import { apiOrigin } from "../lib/config.js";
import { useProjectId } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";

type Dialog = { kind: "create" } | { kind: "edit" | "rotate" | "delete"; client: OAuthClient } | { kind: "secret"; client: OAuthClientWithSecret } | null;

const origin = { admin: "dashboard", dynamic_registration: "self-registered", metadata_document: "metadata document" } as const;

function ConfirmButtons({ label, busy, danger, onConfirm, onCancel }: { label: string; busy: boolean; danger?: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant={danger ? "danger" : "primary"} busy={busy} onClick={onConfirm}>
        {label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export default function OAuthApps() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const queryClient = useQueryClient();
  const clients = useQuery(trpc.listOAuthClients.queryOptions());
  const settings = useQuery(trpc.getIdentityProviderSettings.queryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listOAuthClients.queryKey() });
  const showSecret = (client: OAuthClientWithSecret) => (refresh(), setDialog({ kind: "secret", client }));
  const create = useMutation(trpc.createOAuthClient.mutationOptions({ onSuccess: showSecret }));
  const update = useMutation(trpc.updateOAuthClient.mutationOptions({ onSuccess: () => (refresh(), setDialog(null)) }));
  const rotate = useMutation(trpc.rotateOAuthClientSecret.mutationOptions({ onSuccess: showSecret }));
  const remove = useMutation(trpc.deleteOAuthClient.mutationOptions({ onSuccess: () => (refresh(), setDialog(null)) }));
  const projectScopes = settings.data?.scopes.map((s) => s.scope) ?? [];
  const issuer = `${apiOrigin()}/api/v1/projects/${projectId}`;

  function open(next: Dialog) {
    for (const mutation of [create, update, rotate, remove]) mutation.reset();
    setDialog(next);
  }

  const titles = { create: "Register an OAuth app", edit: "Edit OAuth app", rotate: "Rotate the client secret", delete: "Delete OAuth app", secret: "Copy the client credentials now" } as const;

  return (
    <>
      <PageHeader
        title="OAuth apps"
        description="Apps and AI agents that sign your users in with this project (OAuth 2.1 and OpenID Connect)."
        actions={
          <Button onClick={() => open({ kind: "create" })}>
            <Plus aria-hidden className="size-4" /> Register app
          </Button>
        }
      />
      <p className="mb-4 break-all text-sm text-zinc-700 dark:text-zinc-300">
        Issuer: <code className="font-mono text-xs">{issuer}</code> (discovery at <code className="font-mono text-xs">/.well-known/openid-configuration</code>)
      </p>
      <div className="flex flex-col gap-4">
        <QueryView query={clients} what="the OAuth apps">
          {(c) =>
            c.items.length === 0 ? (
              <Empty title="No OAuth apps yet">Register an app, or let agents register themselves below.</Empty>
            ) : (
              <Table caption="OAuth apps" head={["App", "Type", "Redirect URIs", "Scopes", "Registered", ""]}>
                {c.items.map((client) => (
                  <tr key={client.client_id}>
                    <td className={td}>
                      <div className="flex items-center gap-2">
                        {client.logo_url && <img src={client.logo_url} alt="" className="size-6 rounded" />}
                        <span className="font-medium">{client.name}</span>
                      </div>
                      <code className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{client.client_id}</code>
                    </td>
                    <td className={td}>
                      <Badge tone={client.type === "confidential" ? "good" : "neutral"}>{client.type}</Badge>
                      {client.secret_last_four && <div className="font-mono text-xs">secret …{client.secret_last_four}</div>}
                    </td>
                    <td className={`${td} break-all font-mono text-xs`}>{client.redirect_uris.length > 0 ? client.redirect_uris.map((uri) => <div key={uri}>{uri}</div>) : "—"}</td>
                    <td className={`${td} font-mono text-xs`}>{client.allowed_scopes.join(" ")}</td>
                    <td className={`${td} text-xs`}>
                      {formatDate(client.created_at_millis)}
                      <div className="text-zinc-600 dark:text-zinc-400">{origin[client.registered_by]}</div>
                    </td>
                    <td className={`${td} whitespace-nowrap text-right`}>
                      <Button variant="ghost" aria-label={`Edit ${client.name}`} onClick={() => open({ kind: "edit", client })}>
                        Edit
                      </Button>
                      {client.type === "confidential" && (
                        <Button variant="ghost" aria-label={`Rotate secret of ${client.name}`} onClick={() => open({ kind: "rotate", client })}>
                          Rotate secret
                        </Button>
                      )}
                      <Button variant="ghost" aria-label={`Delete ${client.name}`} onClick={() => open({ kind: "delete", client })}>
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
            )
          }
        </QueryView>
        <RegistrationSettings />
        <ProjectScopes />
      </div>
      <Modal open={dialog !== null} onOpenChange={(value) => !value && setDialog(null)} title={dialog ? titles[dialog.kind] : ""} wide={dialog?.kind === "create" || dialog?.kind === "edit"}>
        {dialog?.kind === "create" && (
          <ClientForm client={null} projectScopes={projectScopes} busy={create.isPending} error={create.error} submitLabel="Register" onCancel={() => setDialog(null)} onSubmit={(body) => create.mutate({ body })} />
        )}
        {dialog?.kind === "edit" && (
          <ClientForm
            client={dialog.client}
            projectScopes={projectScopes}
            busy={update.isPending}
            error={update.error}
            submitLabel="Save"
            onCancel={() => setDialog(null)}
            onSubmit={({ type: _type, ...body }) => update.mutate({ params: { client_id: dialog.client.client_id }, body })}
          />
        )}
        {dialog?.kind === "rotate" && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">{dialog.client.name}&apos;s current secret stops working at once; the app needs the new one before its next token request.</p>
            <InlineError error={rotate.error} />
            <ConfirmButtons label="Rotate secret" busy={rotate.isPending} onCancel={() => setDialog(null)} onConfirm={() => rotate.mutate({ params: { client_id: dialog.client.client_id }, body: {} })} />
          </div>
        )}
        {dialog?.kind === "delete" && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">{dialog.client.name} can no longer sign anyone in; its users&apos; consents and refresh tokens are deleted with it.</p>
            <InlineError error={remove.error} />
            <ConfirmButtons label="Delete app" danger busy={remove.isPending} onCancel={() => setDialog(null)} onConfirm={() => remove.mutate({ params: { client_id: dialog.client.client_id } })} />
          </div>
        )}
        {dialog?.kind === "secret" && <SecretNotice client={dialog.client} onDone={() => setDialog(null)} />}
      </Modal>
    </>
  );
}
