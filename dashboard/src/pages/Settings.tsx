/** Project settings: name, description, branding (logos, colour), production mode, transfer to another team, deletion. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, Card, Field, InlineError, Input, PageHeader, QueryView, Select, Switch, Textarea, useToast } from "../components/ui.js";
import { useProjectId } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../lib/use-project.js";
import { ownerClient } from "../shell/OwnerScope.js";
import { NewOwnerTeam } from "../components/new-owner-team.js";
import { BrandingCard } from "../components/settings/branding-card.js";

function General() {
  const project = useAdminProject();
  const update = useUpdateProject();
  const [draft, setDraft] = useState<{ display_name: string; description: string } | null>(null);
  return (
    <QueryView query={project} what="the project">
      {(p) => {
        const form = draft ?? { display_name: p.display_name, description: p.description };
        const submit = (event: FormEvent) => {
          event.preventDefault();
          update.mutate({ body: { display_name: form.display_name.trim(), description: form.description } }, { onSuccess: () => setDraft(null) });
        };
        return (
          <Card title="General">
            <form className="flex flex-col gap-3" onSubmit={submit}>
              <Field label="Project name">{(id) => <Input id={id} required maxLength={256} value={form.display_name} onChange={(e) => setDraft({ ...form, display_name: e.target.value })} />}</Field>
              <Field label="Description">{(id) => <Textarea id={id} className="font-sans" rows={3} value={form.description} onChange={(e) => setDraft({ ...form, description: e.target.value })} />}</Field>
              <div>
                <Button type="submit" busy={update.isPending} disabled={draft === null}>
                  Save
                </Button>
              </div>
            </form>
            <InlineError error={update.error} />
          </Card>
        );
      }}
    </QueryView>
  );
}

function ProductionMode() {
  const trpc = useTRPC();
  const project = useAdminProject();
  const problems = useQuery(trpc.getProductionModeProblems.queryOptions());
  const update = useUpdateProject();
  const count = problems.data?.items.length ?? 0;
  return (
    <Card title="Production mode" description="Marks the project as live; fix the production checklist first.">
      {project.data && (
        <Switch
          label="Production mode"
          description={count > 0 ? `${count} problem${count === 1 ? "" : "s"} on the checklist (see Domains).` : "No problems on the checklist."}
          checked={project.data.is_production_mode}
          onChange={(v) => update.mutate({ body: { is_production_mode: v } })}
        />
      )}
    </Card>
  );
}

function Transfer() {
  const projectId = useProjectId();
  const project = useAdminProject();
  const toast = useToast();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: ["owner-teams"], queryFn: () => ownerClient.listTeams.query({ query: { user_id: "me" } }) });
  const [teamId, setTeamId] = useState("");
  const transfer = useMutation({
    mutationFn: (newTeamId: string) => ownerClient.transferProject.mutate({ body: { project_id: projectId, new_team_id: newTeamId } }),
    onSuccess: () => {
      toast("Project moved to the other team");
      void queryClient.invalidateQueries();
    },
  });
  const others = (teams.data?.items ?? []).filter((t) => t.id !== project.data?.owner_team_id);
  return (
    <Card title="Transfer" description="Move the project to another of your teams; its members become its owners.">
      {teams.isSuccess && others.length === 0 ? (
        <NewOwnerTeam onCreated={(id) => setTeamId(id)} />
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <Field label="New owner team">
            {(id) => (
              <Select id={id} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                <option value="">Choose a team…</option>
                {others.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.display_name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button variant="secondary" disabled={!teamId} busy={transfer.isPending} onClick={() => transfer.mutate(teamId)}>
            Transfer project
          </Button>
        </div>
      )}
      <InlineError error={transfer.error} />
    </Card>
  );
}

function DeleteProject() {
  const trpc = useTRPC();
  const project = useAdminProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState("");
  const remove = useMutation(
    trpc.deleteAdminProject.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        void navigate("/");
      },
    }),
  );
  const name = project.data?.display_name ?? "";
  return (
    <Card title="Delete project" description="Deletes the project with all its users, teams, keys and settings. This cannot be undone." className="border-red-300 dark:border-red-900">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed === name) remove.mutate({});
        }}
      >
        <Field label={`Type the project name (${name}) to confirm`}>{(id) => <Input id={id} className="w-72" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />}</Field>
        <Button type="submit" variant="danger" disabled={typed !== name || !name} busy={remove.isPending}>
          Delete this project
        </Button>
      </form>
      <InlineError error={remove.error} />
    </Card>
  );
}

export default function Settings() {
  return (
    <>
      <PageHeader title="Project settings" />
      <div className="flex max-w-3xl flex-col gap-4">
        <General />
        <BrandingCard />
        <ProductionMode />
        <Transfer />
        <DeleteProject />
      </div>
    </>
  );
}
