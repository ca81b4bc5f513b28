/**
 * The project's own OAuth scopes, each standing for one of its project permissions (a token with the scope
 * acts with that permission); listed on the consent page with their description.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../../lib/trpc.js";
import { Button, Card, Field, InlineError, Input, QueryView, Select, Table, td } from "../ui.js";

export function ProjectScopes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.getIdentityProviderSettings.queryOptions());
  const permissions = useQuery(trpc.listProjectPermissionDefinitions.queryOptions());
  const update = useMutation(
    trpc.updateIdentityProviderSettings.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.getIdentityProviderSettings.queryKey(), data);
        setScope("");
        setDescription("");
      },
    }),
  );
  const [scope, setScope] = useState("");
  const [description, setDescription] = useState("");
  const [permission, setPermission] = useState("");
  const permissionIds = permissions.data?.items.map((p) => p.id) ?? [];
  const chosenPermission = permission || permissionIds[0] || "";
  const current = settings.data?.scopes ?? [];

  function add(event: FormEvent) {
    event.preventDefault();
    update.mutate({ body: { scopes: [...current, { scope: scope.trim(), description: description.trim(), permission_id: chosenPermission }] } });
  }

  return (
    <Card title="Scopes" description="Besides openid, profile, email and offline_access: scopes of your own, each granting one project permission. Resource servers and MCP servers ask for them.">
      <QueryView query={settings} what="the scopes">
        {(s) =>
          s.scopes.length === 0 ? (
            <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">No scopes of your own yet.</p>
          ) : (
            <div className="mb-3">
              <Table caption="Project scopes" head={["Scope", "Description", "Permission", ""]}>
                {s.scopes.map((entry) => (
                  <tr key={entry.scope}>
                    <td className={`${td} font-mono text-xs`}>{entry.scope}</td>
                    <td className={td}>{entry.description || "—"}</td>
                    <td className={`${td} font-mono text-xs`}>{entry.permission_id}</td>
                    <td className={`${td} text-right`}>
                      <Button variant="ghost" aria-label={`Remove ${entry.scope}`} busy={update.isPending} onClick={() => update.mutate({ body: { scopes: s.scopes.filter((e) => e.scope !== entry.scope) } })}>
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
            </div>
          )
        }
      </QueryView>
      {permissions.data && permissionIds.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Define a project permission first (Permissions page); each scope stands for one.</p>
      ) : (
        <form className="grid gap-3 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-end" onSubmit={add}>
          <Field label="New scope">{(id) => <Input id={id} required value={scope} onChange={(e) => setScope(e.target.value)} placeholder="notes:read" className="font-mono" />}</Field>
          <Field label="Description">{(id) => <Input id={id} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Read your notes" />}</Field>
          <Field label="Permission">
            {(id) => (
              <Select id={id} value={chosenPermission} onChange={(e) => setPermission(e.target.value)}>
                {permissionIds.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div>
            <Button type="submit" busy={update.isPending} disabled={!scope.trim() || !chosenPermission}>
              Add scope
            </Button>
          </div>
        </form>
      )}
      <InlineError error={update.error} />
    </Card>
  );
}
