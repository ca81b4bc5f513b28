/** Picks one of the project's teams by name or id (the team list, filtered as the person types). */
import { useQuery } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "../../lib/trpc.js";
import { SearchPicker, type PickerOption } from "./search-picker.js";

function useTeamOptions(text: string, enabled: boolean) {
  const trpc = useTRPC();
  const teams = useQuery({
    ...trpc.listTeams.queryOptions({ query: {} }),
    enabled,
  });
  const needle = text.toLowerCase();
  const options: PickerOption[] = (teams.data?.items ?? [])
    .filter((t) => !needle || t.display_name.toLowerCase().includes(needle) || t.id === needle)
    .slice(0, 8)
    .map((t) => ({ id: t.id, label: t.display_name, detail: t.id }));
  return {
    options,
    loading: teams.isPending && enabled,
    error: teams.isError ? errorMessage(teams.error) : null,
  };
}

export function TeamPicker({ label = "Team", value, onChange }: { label?: string; value: PickerOption | null; onChange: (value: PickerOption | null) => void }) {
  return <SearchPicker label={label} placeholder="Team name or id" value={value} onChange={onChange} useOptions={useTeamOptions} emptyText="No team matches this name." />;
}
