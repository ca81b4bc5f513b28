/** Picks one of the project's users by name, e-mail or id (the users list's own search). */
import { useQuery } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "../../lib/trpc.js";
import { useDebounced } from "../../lib/use-debounced.js";
import { SearchPicker, type PickerOption } from "./search-picker.js";

function useUserOptions(text: string, enabled: boolean) {
  const trpc = useTRPC();
  const query = useDebounced(text, 250);
  const users = useQuery({
    ...trpc.listUsers.queryOptions({
      query: { limit: 8, desc: true, ...(query ? { query } : {}) },
    }),
    enabled,
  });
  const options: PickerOption[] = (users.data?.items ?? []).map((u) => ({
    id: u.id,
    label: u.display_name ?? u.primary_email ?? "Unnamed user",
    detail: u.display_name && u.primary_email ? u.primary_email : u.id,
  }));
  return {
    options,
    loading: users.isFetching && !users.data,
    error: users.isError ? errorMessage(users.error) : null,
  };
}

export function UserPicker({ label = "User", value, onChange }: { label?: string; value: PickerOption | null; onChange: (value: PickerOption | null) => void }) {
  return (
    <SearchPicker label={label} placeholder="Name, e-mail or id" value={value} onChange={onChange} useOptions={useUserOptions} emptyText="No user matches. Try part of a name or an e-mail address." />
  );
}
