/**
 * One user: profile, metadata editors, sessions, contact channels, teams, permissions, OAuth links and
 * API keys; impersonation (a one-time link that opens the app as the user) and deletion.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { BackLink, ConfirmDelete } from "../components/detail-page.js";
import { ImpersonateButton } from "../components/impersonate-button.js";
import { MetadataCard } from "../components/metadata-card.js";
import { Badge, Button, Card, Empty, Field, formatDate, InlineError, Input, PageHeader, QueryView, Select, Table, td, useToast } from "../components/ui.js";
import { useProjectPath } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";
import { deviceName } from "../lib/device-name.js";
import { useAdminProject } from "../lib/use-project.js";

function Profile({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useQuery(trpc.getUser.queryOptions({ params: { user_id: userId }, query: {} }));
  const toast = useToast();
  const update = useMutation(
    trpc.updateUser.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.getUser.queryKey({ params: { user_id: userId }, query: {} }), data);
        void queryClient.invalidateQueries({ queryKey: trpc.listUsers.queryKey() });
        toast("Saved");
      },
    }),
  );
  const [draft, setDraft] = useState<{ display_name: string; primary_email: string } | null>(null);
  return (
    <QueryView query={user} what="the user">
      {(u) => {
        const form = draft ?? { display_name: u.display_name ?? "", primary_email: u.primary_email ?? "" };
        const submit = (event: FormEvent) => {
          event.preventDefault();
          update.mutate(
            { params: { user_id: userId }, body: { display_name: form.display_name.trim() || null, primary_email: form.primary_email.trim() || null } },
            { onSuccess: () => setDraft(null) },
          );
        };
        return (
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Profile">
              <form className="flex flex-col gap-3" onSubmit={submit}>
                <Field label="Display name">{(id) => <Input id={id} value={form.display_name} onChange={(e) => setDraft({ ...form, display_name: e.target.value })} />}</Field>
                <Field label="Primary e-mail">{(id) => <Input id={id} type="email" value={form.primary_email} onChange={(e) => setDraft({ ...form, primary_email: e.target.value })} />}</Field>
                <div className="flex flex-wrap gap-2 text-xs">
                  {u.primary_email && (u.primary_email_verified ? <Badge tone="good">e-mail verified</Badge> : <Badge tone="warn">e-mail not verified</Badge>)}
                  {u.has_password && <Badge>password</Badge>}
                  {u.otp_auth_enabled && <Badge>sign-in codes</Badge>}
                  {u.passkey_auth_enabled && <Badge>passkey</Badge>}
                  {u.requires_totp_mfa && <Badge>two-factor</Badge>}
                  {u.is_anonymous && <Badge tone="warn">anonymous</Badge>}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-zinc-600 dark:text-zinc-400">User id</dt>
                  <dd className="break-all font-mono text-xs">{u.id}</dd>
                  <dt className="text-zinc-600 dark:text-zinc-400">Signed up</dt>
                  <dd>{formatDate(u.signed_up_at_millis)}</dd>
                  <dt className="text-zinc-600 dark:text-zinc-400">Last active</dt>
                  <dd>{formatDate(u.last_active_at_millis)}</dd>
                </dl>
                <InlineError error={update.error} />
                <div className="flex gap-2">
                  <Button type="submit" busy={update.isPending} disabled={draft === null}>
                    Save profile
                  </Button>
                  {!u.primary_email_verified && u.primary_email && (
                    <Button variant="secondary" onClick={() => update.mutate({ params: { user_id: userId }, body: { primary_email_verified: true } })}>
                      Mark e-mail verified
                    </Button>
                  )}
                </div>
              </form>
            </Card>
            <MetadataCard
              description="JSON stored with the user. Client metadata is readable and writable by the user; read-only by the user; server only by your backend."
              fields={{ client_metadata: "Client metadata", client_read_only_metadata: "Client read-only metadata", server_metadata: "Server metadata" }}
              record={u}
              saving={update.isPending}
              onSave={(field, value) => update.mutate({ params: { user_id: userId }, body: { [field]: value as never } })}
            />
          </div>
        );
      }}
    </QueryView>
  );
}

function Sessions({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.listSessions.queryOptions({ query: { user_id: userId } }));
  const end = useMutation(trpc.deleteSession.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.listSessions.queryKey() }) }));
  return (
    <Card title="Sessions" description="Devices the user is signed in on.">
      <QueryView query={sessions} what="the sessions">
        {(s) =>
          s.items.length === 0 ? (
            <Empty title="Not signed in anywhere" />
          ) : (
            <Table caption="Sessions" head={["Device", "Started", "Last used", ""]}>
              {s.items.map((session) => (
                <tr key={session.id}>
                  <td className={td} title={session.user_agent ?? undefined}>
                    <div>{deviceName(session.user_agent) ?? "Unknown device"}</div>
                    <div className="text-xs text-zinc-600 dark:text-zinc-400">{session.last_used_at_end_user_ip_info?.ip ?? "address unknown"}</div>
                    {session.is_impersonation && <Badge tone="warn">impersonation</Badge>}
                  </td>
                  <td className={td}>{formatDate(session.created_at)}</td>
                  <td className={td}>{formatDate(session.last_used_at)}</td>
                  <td className={td}>
                    <Button variant="secondary" onClick={() => end.mutate({ params: { session_id: session.id }, query: { user_id: userId } })}>
                      End session
                    </Button>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </QueryView>
      <InlineError error={end.error} />
    </Card>
  );
}

function ContactChannels({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.listContactChannels.queryOptions({ query: { user_id: userId } }));
  return (
    <Card title="Contact channels">
      <QueryView query={channels} what="the contact channels">
        {(c) =>
          c.items.length === 0 ? (
            <Empty title="No e-mail addresses" />
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {c.items.map((ch) => (
                <li key={ch.id} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{ch.value}</span>
                  {ch.is_primary && <Badge>primary</Badge>}
                  {ch.is_verified ? <Badge tone="good">verified</Badge> : <Badge tone="warn">unverified</Badge>}
                  {ch.used_for_auth && <Badge>used for sign-in</Badge>}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}

function Teams({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const path = useProjectPath();
  const teams = useQuery(trpc.listTeams.queryOptions({ query: { user_id: userId } }));
  return (
    <Card title="Teams">
      <QueryView query={teams} what="the teams">
        {(t) =>
          t.items.length === 0 ? (
            <Empty title="Not in any team" />
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {t.items.map((team) => (
                <li key={team.id}>
                  <Link className="text-indigo-700 underline dark:text-indigo-300" to={path(`teams/${team.id}`)}>
                    {team.display_name}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}

function Permissions({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const held = useQuery(trpc.listProjectPermissions.queryOptions({ query: { user_id: userId, recursive: false } }));
  const definitions = useQuery(trpc.listProjectPermissionDefinitions.queryOptions());
  const [choice, setChoice] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listProjectPermissions.queryKey() });
  const grant = useMutation(trpc.grantProjectPermission.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.revokeProjectPermission.mutationOptions({ onSuccess: refresh }));
  const heldIds = new Set(held.data?.items.map((p) => p.id));
  const grantable = (definitions.data?.items ?? []).filter((d) => !heldIds.has(d.id));
  return (
    <Card title="Project permissions" description="Granted directly; permissions they contain count too.">
      <QueryView query={held} what="the permissions">
        {(p) =>
          p.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No project permission granted.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {p.items.map((perm) => (
                <li key={perm.id} className="flex items-center justify-between gap-2">
                  <code>{perm.id}</code>
                  <Button variant="ghost" onClick={() => revoke.mutate({ params: { user_id: userId, permission_id: perm.id } })}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {grantable.length > 0 && (
        <div className="mt-3 flex items-end gap-2">
          <Field label="Grant a permission">
            {(id) => (
              <Select id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
                <option value="">Choose…</option>
                {grantable.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.id}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            variant="secondary"
            disabled={!choice}
            busy={grant.isPending}
            onClick={() => grant.mutate({ params: { user_id: userId, permission_id: choice } }, { onSuccess: () => setChoice("") })}
          >
            Grant
          </Button>
        </div>
      )}
      <InlineError error={grant.error ?? revoke.error} />
    </Card>
  );
}

function OAuthLinks({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const links = useQuery(trpc.listOAuthProviders.queryOptions({ query: { user_id: userId } }));
  return (
    <Card title="OAuth accounts">
      <QueryView query={links} what="the linked accounts">
        {(l) =>
          l.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No provider account linked.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {l.items.map((link) => (
                <li key={link.id} className="flex flex-wrap items-center gap-2">
                  <Badge>{link.type}</Badge> {link.email ?? link.provider_config_id}
                  {link.allow_sign_in && <Badge tone="good">sign-in</Badge>}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}

function ApiKeys({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const project = useAdminProject();
  const enabled = project.data?.config.allow_user_api_keys === true;
  const keys = useQuery({ ...trpc.listUserApiKeys.queryOptions({ query: { user_id: userId } }), enabled });
  return (
    <Card title="API keys" description="Keys the user created for their own API consumers (only the last four characters are kept visible).">
      {!enabled ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">User API keys are turned off for this project (Auth methods).</p>
      ) : (
        <QueryView query={keys} what="the API keys">
          {(k) =>
            k.items.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No API keys.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {k.items.map((key) => (
                  <li key={key.id} className="flex flex-wrap items-center gap-2">
                    <span>{key.description || "Untitled key"}</span>
                    <code>…{key.value.last_four}</code>
                    {key.manually_revoked_at_millis ? <Badge tone="bad">revoked</Badge> : <Badge tone="good">active</Badge>}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      )}
    </Card>
  );
}

export default function UserDetail() {
  const { userId = "" } = useParams();
  const trpc = useTRPC();
  const path = useProjectPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(trpc.getUser.queryOptions({ params: { user_id: userId }, query: {} }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation(
    trpc.deleteUser.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.listUsers.queryKey() });
        void navigate(path("users"));
      },
    }),
  );
  const name = user.data?.display_name ?? user.data?.primary_email ?? "User";
  return (
    <>
      <BackLink to={path("users")}>All users</BackLink>
      <PageHeader
        title={name}
        description={user.data?.primary_email ?? undefined}
        actions={
          <>
            <ImpersonateButton userId={userId} userName={name} />
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden className="size-4" /> Delete user
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <Profile userId={userId} />
        {/* Columns that may shrink below their content, so a wide table scrolls inside its card at phone width. */}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
          <Sessions userId={userId} />
          <ContactChannels userId={userId} />
          <Teams userId={userId} />
          <Permissions userId={userId} />
          <OAuthLinks userId={userId} />
          <ApiKeys userId={userId} />
        </div>
      </div>
      <ConfirmDelete
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this user?"
        description="Their sessions, e-mail addresses and team memberships go with them. This cannot be undone."
        action="Delete user"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ params: { user_id: userId } })}
      />
    </>
  );
}
