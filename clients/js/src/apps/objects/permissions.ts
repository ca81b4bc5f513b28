import type { Session } from "../../core/tokens/session.js";
import { type AppContext, serverApi } from "../context.js";

export interface Permission {
  id: string;
}

/** `(team, id, options)` or `(id, options)`: a team permission or a project permission. */
export type PermissionScope = { id: string } | undefined;

/** Splits the overloaded arguments of the permission methods. */
export function permissionArgs<O>(args: unknown[]): { scope: PermissionScope; rest: unknown[] } {
  if (typeof args[0] === "object" && args[0] !== null && "id" in args[0]) return { scope: args[0] as { id: string }, rest: args.slice(1) };
  return { scope: undefined, rest: args as O[] };
}

/**
 * Lists a user's permissions in a team (scope given) or in the project; `recursive` (default true)
 * includes the permissions contained in the granted ones.
 */
export async function listPermissions(context: AppContext, session: Session | null, userId: string, scope: PermissionScope, recursive = true): Promise<Permission[]> {
  if (scope) {
    const query = { team_id: scope.id, user_id: userId, recursive };
    const { items } = session ? await context.client("get", "/team-permissions", { query }, session) : await serverApi(context)("get", "/team-permissions", { query });
    return items.map((p) => ({ id: p.id }));
  }
  const query = { user_id: userId, recursive };
  const { items } = session ? await context.client("get", "/project-permissions", { query }, session) : await serverApi(context)("get", "/project-permissions", { query });
  return items.map((p) => ({ id: p.id }));
}

/** Grants (server) a team or project permission. */
export async function grantPermission(context: AppContext, userId: string, scope: PermissionScope, permissionId: string): Promise<void> {
  const api = serverApi(context);
  if (scope) await api("post", "/team-permissions/{team_id}/{user_id}/{permission_id}", { path: { team_id: scope.id, user_id: userId, permission_id: permissionId } });
  else await api("post", "/project-permissions/{user_id}/{permission_id}", { path: { user_id: userId, permission_id: permissionId } });
  context.changed();
}

/** Revokes (server) a team or project permission. */
export async function revokePermission(context: AppContext, userId: string, scope: PermissionScope, permissionId: string): Promise<void> {
  const api = serverApi(context);
  if (scope) await api("delete", "/team-permissions/{team_id}/{user_id}/{permission_id}", { path: { team_id: scope.id, user_id: userId, permission_id: permissionId } });
  else await api("delete", "/project-permissions/{user_id}/{permission_id}", { path: { user_id: userId, permission_id: permissionId } });
  context.changed();
}

/** The permission methods shared by current users (client) and server users. */
export function permissionMethods(context: AppContext, session: Session | null, userId: string) {
  const list = (scope: PermissionScope, options?: { recursive?: boolean; direct?: boolean }) =>
    listPermissions(context, session, userId, scope, options?.direct === true ? false : (options?.recursive ?? true));
  return {
    /**
     * The user's permissions in a team, or in the project when no team is given.
     * @example
     * ```ts
     * const permissions = await user.listPermissions(team, { recursive: true });
     * ```
     */
    listPermissions(...args: unknown[]): Promise<Permission[]> {
      const { scope, rest } = permissionArgs(args);
      return list(scope, rest[0] as { recursive?: boolean } | undefined);
    },
    /** A permission the user holds (directly or through one that contains it) in a team, or in the project without a team; null when not held. @example `const editor = await user.getPermission(team, "editor");` */
    async getPermission(...args: unknown[]): Promise<Permission | null> {
      const { scope, rest } = permissionArgs(args);
      const permissions = await list(scope, rest[1] as { recursive?: boolean } | undefined);
      return permissions.find((p) => p.id === rest[0]) ?? null;
    },
    /** Whether the user holds a permission (directly or contained) in a team, or in the project without a team. @example `const canEdit = await user.hasPermission(team, "editor");` */
    async hasPermission(...args: unknown[]): Promise<boolean> {
      const { scope, rest } = permissionArgs(args);
      return (await list(scope)).some((p) => p.id === rest[0]);
    },
  };
}
