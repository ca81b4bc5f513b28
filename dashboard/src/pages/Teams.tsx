/** Teams: the list with a filter, and creation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button, Empty, Field, formatDate, InlineError, Input, Modal, PageHeader, QueryView, Table, td } from "../components/ui.js";
import { clickableRow, openRowLink } from "../components/row-link.js";
import { useProjectPath } from "../lib/project.js";
import { useTRPC } from "../lib/trpc.js";

export default function Teams() {
  const trpc = useTRPC();
  const path = useProjectPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teams = useQuery(trpc.listTeams.queryOptions({ query: {} }));
  const [filter, setFilter] = useState("");
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.createTeam.mutationOptions({
      onSuccess: async (team) => {
        await queryClient.invalidateQueries({ queryKey: trpc.listTeams.queryKey() });
        setCreating(false);
        void navigate(path(`teams/${team.id}`));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ query: {}, body: { display_name: name.trim() } });
  }
  return (
    <>
      <PageHeader
        title="Teams"
        description="Groups of users with their own members, invitations, permissions and API keys."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> Create team
          </Button>
        }
      />
      <div className="mb-3 max-w-sm">
        <Field label="Filter teams">{(id) => <Input id={id} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Team name" />}</Field>
      </div>
      <QueryView query={teams} what="the teams">
        {(t) => {
          const shown = t.items.filter((team) => team.display_name.toLowerCase().includes(filter.trim().toLowerCase()));
          if (t.items.length === 0) return <Empty title="No teams yet">Create one here, or let users create teams in your app.</Empty>;
          if (shown.length === 0) return <Empty title="No team matches this filter" />;
          return (
            <Table caption="Teams" head={["Name", "Created", "Id"]}>
              {shown.map((team) => (
                <tr key={team.id} className={`bg-white dark:bg-zinc-900 ${clickableRow}`} onClick={(e) => openRowLink(e, () => void navigate(path(`teams/${team.id}`)))}>
                  <td className={td}>
                    <Link className="font-medium text-indigo-700 hover:underline dark:text-indigo-300" to={path(`teams/${team.id}`)}>
                      {team.display_name}
                    </Link>
                  </td>
                  <td className={td}>{formatDate(team.created_at_millis)}</td>
                  <td className={`${td} break-all font-mono text-xs`}>{team.id}</td>
                </tr>
              ))}
            </Table>
          );
        }}
      </QueryView>
      <Modal open={creating} onOpenChange={setCreating} title="Create a team">
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <Field label="Team name">{(id) => <Input id={id} required value={name} onChange={(e) => setName(e.target.value)} />}</Field>
          <InlineError error={create.error} />
          <div className="flex gap-2">
            <Button type="submit" busy={create.isPending} disabled={!name.trim()}>
              Create team
            </Button>
            <Button variant="secondary" onClick={() => setCreating(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
