/**
 * Permission definitions live in the config tree (`rbac.permissions`); the six system team
 * permissions always exist. A definition may contain others; containment is expanded transitively.
 */
import type { RenderedConfig } from "../config/index.js";

export type PermissionScope = "team" | "project";

/** The system permissions with Stack's descriptions (clients compare the definition list). */
export const systemTeamPermissions: Readonly<Record<string, string>> = {
  $update_team: "Update the team information",
  $delete_team: "Delete the team",
  $read_members: "Read and list the other members of the team",
  $remove_members: "Remove other members from the team",
  $invite_members: "Invite other users to the team",
  $manage_api_keys: "Create and manage API keys for the team",
};

export interface PermissionDefinition {
  id: string;
  description?: string;
  containedPermissionIds: string[];
}

type Definitions = RenderedConfig["rbac"]["permissions"];

export function isSystemPermission(id: string): boolean {
  return Object.hasOwn(systemTeamPermissions, id);
}

/** Whether `id` names a permission of this scope (system permissions count for teams). */
export function definitionExists(config: RenderedConfig, scope: PermissionScope, id: string): boolean {
  if (scope === "team" && isSystemPermission(id)) return true;
  const definition = config.rbac.permissions[id];
  return definition !== undefined && definition.scope === scope;
}

/** The scope a custom permission id is defined in, if any. */
export function scopeOf(config: RenderedConfig, id: string): PermissionScope | null {
  if (isSystemPermission(id)) return "team";
  return config.rbac.permissions[id]?.scope ?? null;
}

/** All definitions of a scope, sorted by id; the team list starts with the system permissions. */
export function listDefinitions(config: RenderedConfig, scope: PermissionScope): PermissionDefinition[] {
  const custom = Object.entries(config.rbac.permissions)
    .filter(([, d]) => d.scope === scope)
    .map(([id, d]) => ({
      id,
      ...(d.description !== undefined && { description: d.description }),
      containedPermissionIds: Object.keys(d.containedPermissionIds).filter((c) => definitionExists(config, scope, c)).sort(),
    }));
  const system = scope === "team" ? Object.entries(systemTeamPermissions).map(([id, description]) => ({ id, description, containedPermissionIds: [] })) : [];
  return [...system, ...custom].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Everything the given permissions grant, following containment; ids no longer defined are skipped. */
export function expandPermissions(config: RenderedConfig, scope: PermissionScope, direct: Iterable<string>): Set<string> {
  const result = new Set<string>();
  const pending = [...direct];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (result.has(id) || !definitionExists(config, scope, id)) continue;
    result.add(id);
    const contained = config.rbac.permissions[id]?.containedPermissionIds;
    if (contained) pending.push(...Object.keys(contained));
  }
  return result;
}

/**
 * Whether giving `id` the containment `contained` would close a cycle: some contained permission
 * (transitively) contains `id` again.
 */
export function wouldCreateCycle(permissions: Definitions, id: string, contained: readonly string[]): boolean {
  const seen = new Set<string>();
  const pending = [...contained];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next === id) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...Object.keys(permissions[next]?.containedPermissionIds ?? {}));
  }
  return false;
}

/**
 * The containment path that giving `id` the containment `contained` would close, from `id` back to
 * itself (`["a", "b", "a"]`: a contains b, which contains a), or null when there is no cycle.
 */
export function containmentCycle(permissions: Definitions, id: string, contained: readonly string[]): string[] | null {
  const seen = new Set<string>();
  const search = (node: string, path: readonly string[]): string[] | null => {
    if (node === id) return [...path, node];
    if (seen.has(node)) return null;
    seen.add(node);
    for (const next of Object.keys(permissions[node]?.containedPermissionIds ?? {})) {
      const found = search(next, [...path, node]);
      if (found) return found;
    }
    return null;
  };
  for (const first of contained) {
    const found = search(first, [id]);
    if (found) return found;
  }
  return null;
}
