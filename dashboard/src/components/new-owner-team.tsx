/**
 * The transfer card's way out when the owner belongs to no other team: create one right there (the
 * owner becomes its first member), after which it is offered as the new owner team.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ownerClient } from "../shell/OwnerScope.js";
import { Button, Field, InlineError, Input } from "./ui.js";

export function NewOwnerTeam({ onCreated }: { onCreated: (teamId: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: (displayName: string) =>
      ownerClient.createTeam.mutate({
        query: {},
        body: { display_name: displayName, creator_user_id: "me" },
      }),
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: ["owner-teams"] });
      onCreated(team.id);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim());
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">You belong to no other team yet. Create one to move the project to; you become its first member and can invite others.</p>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="New team name">{(id) => <Input id={id} required value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Button type="submit" variant="secondary" busy={create.isPending} disabled={!name.trim()}>
          <Plus aria-hidden className="size-4" /> Create team
        </Button>
      </div>
      <InlineError error={create.error} />
    </form>
  );
}
