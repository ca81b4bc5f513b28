/** One team: name and metadata, members with their team permissions, invitations and team API keys. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { BackLink, ConfirmDelete } from "../components/detail-page.js";
import { MetadataCard } from "../components/metadata-card.js";
import { Badge, Button, Card, CopyValue, Empty, Field, formatDate, InlineError, Input, PageHeader, QueryView, Select, Table, td, useToast } from "../components/ui.js";
import { apiOrigin } from "../lib/config.js";
import { UserPicker } from "../components/pickers/user-picker.js";
import type { PickerOption } from "../components/pickers/search-picker.js";
import { useProjectPath } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";
import { useAdminProject } from "../lib/use-project.js";

function Members({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const path = useProjectPath();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.listTeamMemberProfiles.queryOptions({ query: { team_id: teamId } }));
  const grants = useQuery(trpc.listTeamPermissions.queryOptions({ query: { team_id: teamId, recursive: false } }));
  const definitions = useQuery(trpc.listTeamPermissionDefinitions.queryOptions());
  const [newMember, setNewMember] = useState<PickerOption | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.listTeamMemberProfiles.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.listTeamPermissions.queryKey() });
  };
  const add = useMutation(trpc.createTeamMembership.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteTeamMembership.mutationOptions({ onSuccess: refresh }));
  const grant = useMutation(trpc.grantTeamPermission.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.revokeTeamPermission.mutationOptions({ onSuccess: refresh }));
  return (
    <Card title="Members" description="Team permissions shown are the ones granted directly.">
      <QueryView query={members} what="the members">
        {(m) =>
          m.items.length === 0 ? (
            <Empty title="No members yet" />
          ) : (
            <Table caption="Members" head={["Member", "Permissions", ""]}>
              {m.items.map((member) => {
                const held = (grants.data?.items ?? []).filter((g) => g.user_id === member.user_id);
                const grantable = (definitions.data?.items ?? []).filter((d) => !held.some((h) => h.id === d.id));
                return (
                  <tr key={member.user_id}>
                    <td className={td}>
                      <Link className="text-indigo-700 hover:underline dark:text-indigo-300" to={path(`users/${member.user_id}`)}>
                        {member.display_name ?? member.user.primary_email ?? member.user_id}
                      </Link>
                    </td>
                    <td className={td}>
                      <div className="flex flex-wrap items-center gap-1">
                        {held.map((h) => (
                          <button
                            key={h.id}
                            type="button"
                            title={`Revoke ${h.id}`}
                            aria-label={`Revoke ${h.id} from this member`}
                            className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs hover:bg-red-100 dark:bg-zinc-800 dark:hover:bg-red-950"
                            onClick={() => revoke.mutate({ params: { team_id: teamId, user_id: member.user_id, permission_id: h.id } })}
                          >
                            {h.id} ×
                          </button>
                        ))}
                        {grantable.length > 0 && (
                          <Select
                            aria-label="Grant a team permission"
                            className="w-40 py-0.5 text-xs"
                            value=""
                            onChange={(e) => e.target.value && grant.mutate({ params: { team_id: teamId, user_id: member.user_id, permission_id: e.target.value } })}
                          >
                            <option value="">Grant…</option>
                            {grantable.map((d) => (
                              <option key={d.id} value={d.id}>
                                {d.id}
                              </option>
                            ))}
                          </Select>
                        )}
                      </div>
                    </td>
                    <td className={td}>
                      <Button variant="ghost" onClick={() => remove.mutate({ params: { team_id: teamId, user_id: member.user_id } })}>
                        Remove
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </Table>
          )
        }
      </QueryView>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (newMember) add.mutate({ params: { team_id: teamId, user_id: newMember.id } }, { onSuccess: () => setNewMember(null) });
        }}
      >
        <div className="w-full max-w-sm">
          <UserPicker label="Add a member" value={newMember} onChange={setNewMember} />
        </div>
        <Button type="submit" variant="secondary" busy={add.isPending} disabled={!newMember}>
          Add member
        </Button>
      </form>
      <InlineError error={add.error ?? remove.error ?? grant.error ?? revoke.error} />
    </Card>
  );
}

function Invitations({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const invitations = useQuery(trpc.listTeamInvitations.queryOptions({ query: { team_id: teamId } }));
  const [email, setEmail] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listTeamInvitations.queryKey() });
  const send = useMutation(trpc.sendTeamInvitationCode.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.revokeTeamInvitation.mutationOptions({ onSuccess: refresh }));
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(
      { body: { team_id: teamId, email: email.trim(), callback_url: `${apiOrigin()}/handler/team-invitation` } },
      {
        onSuccess: () => {
          setEmail("");
          toast("Invitation sent");
        },
      },
    );
  }
  return (
    <Card title="Invitations" description="Pending invitations; the e-mail links to the hosted invitation page.">
      <QueryView query={invitations} what="the invitations">
        {(i) =>
          i.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No pending invitations.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {i.items.map((inv) => (
                <li key={inv.id} className="flex items-center justify-between gap-2">
                  <span>
                    {inv.recipient_email} <span className="text-xs text-zinc-600 dark:text-zinc-400">expires {formatDate(inv.expires_at_millis)}</span>
                  </span>
                  <Button variant="ghost" onClick={() => revoke.mutate({ params: { id: inv.id }, query: { team_id: teamId } })}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={submit}>
        <Field label="Invite by e-mail">{(id) => <Input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Button type="submit" variant="secondary" busy={send.isPending}>
          Send invitation
        </Button>
      </form>
      <InlineError error={send.error ?? revoke.error} />
    </Card>
  );
}

function TeamApiKeys({ teamId }: { teamId: string }) {
  const project = useAdminProject();
  if (project.data && !project.data.config.allow_team_api_keys) {
    return (
      <Card title="Team API keys">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Team API keys are turned off for this project (Auth methods).</p>
      </Card>
    );
  }
  return <TeamApiKeyList teamId={teamId} />;
}

function TeamApiKeyList({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.listTeamApiKeys.queryOptions({ query: { team_id: teamId } }));
  const [description, setDescription] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listTeamApiKeys.queryKey() });
  const create = useMutation(trpc.createTeamApiKey.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.updateTeamApiKey.mutationOptions({ onSuccess: refresh }));
  return (
    <Card title="Team API keys" description="Keys the team hands to its API consumers. A new key is shown once.">
      <QueryView query={keys} what="the team's API keys">
        {(k) =>
          k.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No API keys.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {k.items.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2">
                    {key.description || "Untitled key"} <code>…{key.value.last_four}</code>
                    {key.manually_revoked_at_millis ? <Badge tone="bad">revoked</Badge> : <Badge tone="good">active</Badge>}
                  </span>
                  {!key.manually_revoked_at_millis && (
                    <Button variant="ghost" onClick={() => update.mutate({ params: { api_key_id: key.id }, query: { team_id: teamId }, body: { revoked: true } })}>
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {create.data && (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
          <p className="mb-2 text-sm font-medium">Copy the key now: it is not shown again.</p>
          <CopyValue label="Team API key" value={create.data.value} />
        </div>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ body: { team_id: teamId, description: description.trim() || "Team key" } }, { onSuccess: () => setDescription("") });
        }}
      >
        <Field label="New key description">{(id) => <Input id={id} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <Button type="submit" variant="secondary" busy={create.isPending}>
          Create key
        </Button>
      </form>
      <InlineError error={create.error ?? update.error} />
    </Card>
  );
}

export default function TeamDetail() {
  const { teamId = "" } = useParams();
  const trpc = useTRPC();
  const path = useProjectPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const team = useQuery(trpc.getTeam.queryOptions({ params: { team_id: teamId } }));
  const [name, setName] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useMutation(
    trpc.updateTeam.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.getTeam.queryKey({ params: { team_id: teamId } }), data);
        void queryClient.invalidateQueries({ queryKey: trpc.listTeams.queryKey() });
        setName(null);
        toast("Saved");
      },
    }),
  );
  const remove = useMutation(
    trpc.deleteTeam.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.listTeams.queryKey() });
        void navigate(path("teams"));
      },
    }),
  );
  return (
    <>
      <BackLink to={path("teams")}>All teams</BackLink>
      <PageHeader
        title={team.data?.display_name ?? "Team"}
        actions={
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="size-4" /> Delete team
          </Button>
        }
      />
      <QueryView query={team} what="the team">
        {(t) => (
          <div className="flex flex-col gap-4">
            <div className="grid gap-4 lg:grid-cols-2">
              <Card title="Team">
                <form
                  className="flex flex-col gap-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (name !== null) update.mutate({ params: { team_id: teamId }, body: { display_name: name.trim() } });
                  }}
                >
                  <Field label="Team name">{(id) => <Input id={id} value={name ?? t.display_name} onChange={(e) => setName(e.target.value)} />}</Field>
                  <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{t.id}</p>
                  <div>
                    <Button type="submit" busy={update.isPending} disabled={name === null}>
                      Save name
                    </Button>
                  </div>
                </form>
              </Card>
              <MetadataCard
                fields={{ client_metadata: "Client metadata", server_metadata: "Server metadata" }}
                record={t}
                saving={update.isPending}
                error={update.error}
                onSave={(field, value) => update.mutate({ params: { team_id: teamId }, body: { [field]: value as never } })}
              />
            </div>
            <Members teamId={teamId} />
            <div className="grid gap-4 lg:grid-cols-2">
              <Invitations teamId={teamId} />
              <TeamApiKeys teamId={teamId} />
            </div>
          </div>
        )}
      </QueryView>
      <ConfirmDelete
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this team?"
        description="Memberships, invitations, permissions and API keys of the team go with it."
        action="Delete team"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ params: { team_id: teamId } })}
      />
    </>
  );
}
