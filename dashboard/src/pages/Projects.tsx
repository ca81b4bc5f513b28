/** The owner's projects: a first-run welcome when there are none, the list, and creation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button, Card, Field, formatDate, InlineError, Input, Loading, ErrorState, Badge } from "../components/ui.js";
import { TopBar } from "../shell/TopBar.js";
import { useOwnerTRPC } from "../lib/trpc.js";

function CreateProject({ onCancel }: { onCancel?: () => void }) {
  const trpc = useOwnerTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery(trpc.getCurrentUser.queryOptions());
  const teams = useQuery(trpc.listTeams.queryOptions({ query: { user_id: "me" } }));
  const [name, setName] = useState("");
  const [teamId, setTeamId] = useState("");
  const create = useMutation(
    trpc.createOwnedProject.mutationOptions({
      onSuccess: async (project) => {
        await queryClient.invalidateQueries({ queryKey: trpc.listOwnedProjects.queryKey() });
        void navigate(`/projects/${project.id}`);
      },
    }),
  );
  const teamList = teams.data?.items ?? [];
  const ownerTeam = teamId || me.data?.selected_team_id || teamList[0]?.id || "";
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ body: { display_name: name.trim(), owner_team_id: ownerTeam } });
  }
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field label="Project name" hint="Shown to your users on sign-in pages and in e-mails.">
        {(id, hint) => <Input id={id} aria-describedby={hint} required maxLength={256} value={name} onChange={(e) => setName(e.target.value)} placeholder="My app" />}
      </Field>
      {teamList.length > 1 && (
        <Field label="Owned by team">
          {(id) => (
            <select id={id} className="rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900" value={ownerTeam} onChange={(e) => setTeamId(e.target.value)}>
              {teamList.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.display_name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!ownerTeam && !me.isPending && !teams.isPending && <p className="text-sm text-amber-800 dark:text-amber-300">Your account has no team yet; a project needs one to own it.</p>}
      <InlineError error={create.error} />
      <div className="flex gap-2">
        <Button type="submit" busy={create.isPending} disabled={!ownerTeam || !name.trim()}>
          Create project
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

export default function Projects() {
  const trpc = useOwnerTRPC();
  const projects = useQuery(trpc.listOwnedProjects.queryOptions());
  const location = useLocation();
  const [creating, setCreating] = useState(location.pathname.endsWith("/new-project"));
  return (
    <div className="min-h-screen">
      <TopBar />
      <main className="mx-auto max-w-5xl p-6">
        {projects.isPending && <Loading what="your projects" />}
        {projects.isError && <ErrorState error={projects.error} what="your projects" retry={() => void projects.refetch()} />}
        {projects.data && projects.data.items.length === 0 && (
          <section className="mx-auto mt-8 max-w-lg">
            <h1 className="text-2xl font-semibold tracking-tight">Welcome to Latchkey</h1>
            <p className="mb-4 mt-2 text-sm text-zinc-700 dark:text-zinc-300">
              You have no project yet. A project holds one app's users, teams, sign-in settings and keys. Create the first one to start.
            </p>
            <Card>
              <CreateProject />
            </Card>
          </section>
        )}
        {projects.data && projects.data.items.length > 0 && (
          <>
            <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
              <div>
                <h1 className="text-2xl font-semibold tracking-tight">Your projects</h1>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Pick a project to manage it.</p>
              </div>
              {!creating && (
                <Button onClick={() => setCreating(true)}>
                  <FolderPlus aria-hidden className="size-4" /> New project
                </Button>
              )}
            </div>
            {creating && (
              <Card title="New project" className="mb-6">
                <CreateProject onCancel={() => setCreating(false)} />
              </Card>
            )}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {projects.data.items.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/projects/${p.id}`}
                    className="block rounded-lg border border-zinc-200 bg-white p-4 shadow-sm hover:border-indigo-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-500"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{p.display_name}</span>
                      {p.is_production_mode ? <Badge tone="good">Production</Badge> : <Badge>Development</Badge>}
                    </span>
                    <span className="mt-1 block truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{p.id}</span>
                    <span className="mt-2 block text-xs text-zinc-600 dark:text-zinc-400">Created {formatDate(p.created_at_millis)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
    </div>
  );
}
