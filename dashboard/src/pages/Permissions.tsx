/**
 * Permission definitions of both scopes: team permissions (with the six `$…` system ones) and project
 * permissions. A permission may contain others of its scope; holding it counts as holding them.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge, Button, Card, Field, InlineError, Input, Modal, PageHeader, QueryView, Table, td } from "../components/ui.js";
import { useTRPC } from "../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../lib/use-project.js";

type Scope = "team" | "project";
interface Definition {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

function DefinitionForm({ scope, all, editing, onDone }: { scope: Scope; all: Definition[]; editing: Definition | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [id, setId] = useState(editing?.id ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [contained, setContained] = useState<string[]>(editing?.contained_permission_ids ?? []);
  const listKey = scope === "team" ? trpc.listTeamPermissionDefinitions.queryKey() : trpc.listProjectPermissionDefinitions.queryKey();
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: listKey });
    onDone();
  };
  const createTeam = useMutation(trpc.createTeamPermissionDefinition.mutationOptions({ onSuccess: done }));
  const createProject = useMutation(trpc.createProjectPermissionDefinition.mutationOptions({ onSuccess: done }));
  const updateTeam = useMutation(trpc.updateTeamPermissionDefinition.mutationOptions({ onSuccess: done }));
  const updateProject = useMutation(trpc.updateProjectPermissionDefinition.mutationOptions({ onSuccess: done }));
  const pending = createTeam.isPending || createProject.isPending || updateTeam.isPending || updateProject.isPending;
  const error = createTeam.error ?? createProject.error ?? updateTeam.error ?? updateProject.error;
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id: id.trim(), description, contained_permission_ids: contained };
    if (editing) {
      const params = { permission_id: editing.id };
      if (scope === "team") updateTeam.mutate({ params, body });
      else updateProject.mutate({ params, body });
    } else if (scope === "team") createTeam.mutate({ body });
    else createProject.mutate({ body });
  }
  const candidates = all.filter((d) => d.id !== editing?.id);
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field label="Permission id" hint='Lowercase letters, digits, "_" and ":", e.g. billing:manage'>
        {(fid, hint) => <Input id={fid} aria-describedby={hint} required pattern="[a-z0-9_:]+" value={id} onChange={(e) => setId(e.target.value)} />}
      </Field>
      <Field label="Description">{(fid) => <Input id={fid} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Contains</legend>
        {candidates.length === 0 && <p className="text-xs text-zinc-600 dark:text-zinc-400">No other permission of this scope yet.</p>}
        <div className="grid max-h-48 grid-cols-2 gap-1 overflow-y-auto">
          {candidates.map((d) => (
            <label key={d.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={contained.includes(d.id)} onChange={(e) => setContained(e.target.checked ? [...contained, d.id] : contained.filter((c) => c !== d.id))} />
              <code>{d.id}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <InlineError error={error} />
      <div className="flex gap-2">
        <Button type="submit" busy={pending} disabled={!id.trim()}>
          {editing ? "Save permission" : "Create permission"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScopeSection({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(scope === "team" ? trpc.listTeamPermissionDefinitions.queryOptions() : trpc.listProjectPermissionDefinitions.queryOptions());
  const [dialog, setDialog] = useState<{ editing: Definition | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: scope === "team" ? trpc.listTeamPermissionDefinitions.queryKey() : trpc.listProjectPermissionDefinitions.queryKey() });
  const removeTeam = useMutation(trpc.deleteTeamPermissionDefinition.mutationOptions({ onSuccess: refresh }));
  const removeProject = useMutation(trpc.deleteProjectPermissionDefinition.mutationOptions({ onSuccess: refresh }));
  const title = scope === "team" ? "Team permissions" : "Project permissions";
  return (
    <Card
      title={title}
      description={scope === "team" ? "Held by a member within one team. The $ permissions are built in." : "Held by a user across the whole project."}
      actions={
        <Button variant="secondary" onClick={() => setDialog({ editing: null })}>
          <Plus aria-hidden className="size-4" /> New {scope} permission
        </Button>
      }
    >
      <QueryView query={list} what={`the ${scope} permissions`}>
        {(l) =>
          l.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No {scope} permissions defined yet.</p>
          ) : (
            <Table caption={title} head={["Id", "Description", "Contains", ""]}>
              {l.items.map((d) => {
                const system = d.id.startsWith("$");
                return (
                  <tr key={d.id}>
                    <td className={`${td} whitespace-nowrap`}>
                      <code>{d.id}</code> {system && <Badge>system</Badge>}
                    </td>
                    <td className={td}>{d.description || "—"}</td>
                    <td className={td}>{d.contained_permission_ids.length ? d.contained_permission_ids.join(", ") : "—"}</td>
                    <td className={`${td} whitespace-nowrap text-right`}>
                      {!system && (
                        <>
                          <Button variant="ghost" onClick={() => setDialog({ editing: d })} aria-label={`Edit ${d.id}`}>
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            aria-label={`Delete ${d.id}`}
                            onClick={() => (scope === "team" ? removeTeam : removeProject).mutate({ params: { permission_id: d.id } })}
                          >
                            Delete
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          )
        }
      </QueryView>
      <InlineError error={removeTeam.error ?? removeProject.error} />
      <Modal open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)} title={dialog?.editing ? `Edit ${dialog.editing.id}` : `New ${scope} permission`}>
        {dialog && <DefinitionForm scope={scope} all={list.data?.items ?? []} editing={dialog.editing} onDone={() => setDialog(null)} />}
      </Modal>
    </Card>
  );
}

type DefaultKey = "team_creator_default_permissions" | "team_member_default_permissions" | "user_default_permissions";

/** Which permissions new team creators, team members and users get. */
function Defaults() {
  const trpc = useTRPC();
  const project = useAdminProject();
  const update = useUpdateProject("Default permissions saved");
  const team = useQuery(trpc.listTeamPermissionDefinitions.queryOptions());
  const projectDefs = useQuery(trpc.listProjectPermissionDefinitions.queryOptions());
  const groups: { key: DefaultKey; title: string; options: string[] }[] = [
    { key: "team_creator_default_permissions", title: "Team creators get", options: (team.data?.items ?? []).map((d) => d.id) },
    { key: "team_member_default_permissions", title: "Team members get", options: (team.data?.items ?? []).map((d) => d.id) },
    { key: "user_default_permissions", title: "New users get (project)", options: (projectDefs.data?.items ?? []).map((d) => d.id) },
  ];
  return (
    <Card title="Defaults" description="Granted automatically when a team is created, someone joins a team, or a user signs up.">
      <QueryView query={project} what="the default permissions">
        {(p) => (
          <div className="grid gap-4 md:grid-cols-3">
            {groups.map((group) => {
              const held = p.config[group.key].map((r) => r.id);
              return (
                <fieldset key={group.key} className="flex flex-col gap-1 text-sm">
                  <legend className="mb-1 font-medium">{group.title}</legend>
                  {group.options.length === 0 && <p className="text-xs text-zinc-600 dark:text-zinc-400">No permissions defined.</p>}
                  {group.options.map((id) => (
                    <label key={id} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={held.includes(id)}
                        onChange={(e) => {
                          const next = e.target.checked ? [...held, id] : held.filter((x) => x !== id);
                          update.mutate({ body: { config: { [group.key]: next.map((x) => ({ id: x })) } } });
                        }}
                      />
                      <code>{id}</code>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
        )}
      </QueryView>
      <InlineError error={update.error} />
    </Card>
  );
}

export default function Permissions() {
  return (
    <>
      <PageHeader title="Permissions" description="Define what users may do; grant permissions on a user's or a team's page." />
      <div className="flex flex-col gap-4">
        <ScopeSection scope="team" />
        <ScopeSection scope="project" />
        <Defaults />
      </div>
    </>
  );
}
