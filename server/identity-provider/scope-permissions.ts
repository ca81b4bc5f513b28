/**
 * Project-defined scopes stand for project permissions: a user is granted such a scope only while they
 * hold its permission (directly or through containment). Requests for scopes the user cannot have are
 * narrowed (RFC 6749 section 3.3 lets the server grant less than asked, and the token answer says what).
 * Only requests that name a project scope cost the settings and permission reads.
 */
import { standardOAuthScopes } from "../../contract/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { listProjectPermissions } from "../services/permissions/grants.js";

const standard = new Set<string>(standardOAuthScopes);

/** The scopes of `scopes` the user may be granted now (order kept). */
export async function scopesUserHolds(deps: AppDeps, projectId: string, userId: string, scopes: readonly string[]): Promise<string[]> {
  if (scopes.every((s) => standard.has(s))) return [...scopes];
  const project = await deps.queries.projects.find(projectId);
  if (!project) return scopes.filter((s) => standard.has(s));
  const settings = await deps.queries.identityProvider.settings(projectId);
  const held = new Set((await listProjectPermissions(deps, project, { userId })).map((g) => g.permissionId));
  const permissionOf = new Map(settings.scopes.map((s) => [s.scope, s.permission_id]));
  return scopes.filter((s) => {
    if (standard.has(s)) return true;
    const permission = permissionOf.get(s);
    return permission !== undefined && held.has(permission);
  });
}
