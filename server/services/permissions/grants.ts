/** Who holds which permission: direct grants, expanded through containment, and the default grants. */
import { knownError } from "../../../contract/known-error.js";
import type { ProjectGrant, TeamGrant } from "../../db/queries/permissions.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { projectPermissionToJson, teamPermissionToJson } from "../../views/permissions.js";
import type { RenderedConfig } from "../config/index.js";
import { recordEvent, type EventActor } from "../events.js";
import { renderProjectConfig } from "../config/project-config.js";
import { definitionExists, expandPermissions, scopeOf, type PermissionScope } from "./definitions.js";

/** The team permissions a member holds (directly, or through containment when `recursive`). */
export async function teamPermissionsOf(deps: AppDeps, project: ProjectRow, teamId: string, userId: string, recursive = true, db?: Db): Promise<Set<string>> {
  const grants = await deps.queries.permissions.teamGrants(project.id, { teamId, userId }, db);
  const direct = grants.map((g) => g.permissionId);
  return recursive ? expandPermissions(renderProjectConfig(project), "team", direct) : new Set(direct);
}

/**
 * Throws unless the user is a member of the team (TEAM_MEMBERSHIP_NOT_FOUND) holding the permission,
 * directly or through containment (TEAM_PERMISSION_REQUIRED).
 */
export async function requireTeamPermission(deps: AppDeps, project: ProjectRow, teamId: string, userId: string, permissionId: string): Promise<void> {
  if (!(await deps.queries.teams.isMember(project.id, teamId, userId))) {
    throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
  }
  if (!(await teamPermissionsOf(deps, project, teamId, userId)).has(permissionId)) {
    throw knownError("TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: userId, permission_id: permissionId });
  }
}

/** Grants the project's default team permissions for a creator or for a member who joined. */
export async function grantTeamDefaults(
  deps: AppDeps,
  db: Db,
  project: ProjectRow,
  teamId: string,
  userId: string,
  role: "teamCreator" | "teamMember",
  actor: EventActor | null = null,
): Promise<void> {
  const defaults = Object.keys(renderProjectConfig(project).rbac.defaultPermissions[role]);
  for (const permissionId of defaults) await grantTeamIn(deps, db, project.id, { permissionId, userId, teamId }, actor);
}

/** Grants the project permissions every new user gets. */
export async function grantSignUpDefaults(deps: AppDeps, db: Db, project: ProjectRow, userId: string, actor: EventActor | null = null): Promise<void> {
  const defaults = Object.keys(renderProjectConfig(project).rbac.defaultPermissions.signUp);
  for (const permissionId of defaults) await grantProjectIn(deps, db, project.id, { permissionId, userId }, actor);
}

/** Writes a team grant (again: no change) and records `team_permission.created`, in `db`'s unit of work. */
export async function grantTeamIn(deps: AppDeps, db: Db, projectId: string, grant: TeamGrant, actor: EventActor | null): Promise<void> {
  await deps.queries.permissions.grantTeam(projectId, grant.teamId, grant.userId, grant.permissionId, deps.clock.now(), db);
  await recordEvent(deps, db, "team_permission.created", () => teamPermissionToJson(grant), { projectId, actor });
}

/** Writes a project grant (again: no change) and records `project_permission.created`, in `db`'s unit of work. */
async function grantProjectIn(deps: AppDeps, db: Db, projectId: string, grant: ProjectGrant, actor: EventActor | null): Promise<void> {
  await deps.queries.permissions.grantProject(projectId, grant.userId, grant.permissionId, deps.clock.now(), db);
  await recordEvent(deps, db, "project_permission.created", () => projectPermissionToJson(grant), { projectId, actor });
}

// ---- Grants over the API -------------------------------------------------------------------------

export interface GrantFilter {
  userId?: string;
  permissionId?: string;
  /** Also what the grants contain, transitively (default true). */
  recursive?: boolean;
}

const byKeys = <T>(...keys: (keyof T)[]) => (a: T, b: T) => {
  for (const key of keys) if (a[key] !== b[key]) return String(a[key]) < String(b[key]) ? -1 : 1;
  return 0;
};

/** The held permission ids of one holder: defined direct grants, plus their containment when recursive. */
function heldIds(config: RenderedConfig, scope: PermissionScope, direct: string[], filter: GrantFilter): string[] {
  const held = filter.recursive === false ? direct.filter((id) => definitionExists(config, scope, id)) : [...expandPermissions(config, scope, direct)];
  return filter.permissionId === undefined ? held : held.filter((id) => id === filter.permissionId);
}

/** Groups rows by a key, keeping the permission ids of each group. */
function groupBy<R extends { permissionId: string }>(rows: R[], key: (row: R) => string): Map<string, { first: R; ids: string[] }> {
  const groups = new Map<string, { first: R; ids: string[] }>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.ids.push(row.permissionId);
    else groups.set(key(row), { first: row, ids: [row.permissionId] });
  }
  return groups;
}

/** Team permissions held in the project, sorted by team, user and permission id. */
export async function listTeamPermissions(deps: AppDeps, project: ProjectRow, filter: GrantFilter & { teamId?: string }): Promise<TeamGrant[]> {
  const config = renderProjectConfig(project);
  const grants = await deps.queries.permissions.teamGrants(project.id, { teamId: filter.teamId, userId: filter.userId });
  const items: TeamGrant[] = [];
  for (const { first, ids } of groupBy(grants, (g) => `${g.teamId}/${g.userId}`).values()) {
    for (const id of heldIds(config, "team", ids, filter)) items.push({ permissionId: id, userId: first.userId, teamId: first.teamId });
  }
  return items.sort(byKeys<TeamGrant>("teamId", "userId", "permissionId"));
}

/** Project permissions held in the project, sorted by user and permission id. */
export async function listProjectPermissions(deps: AppDeps, project: ProjectRow, filter: GrantFilter): Promise<ProjectGrant[]> {
  const config = renderProjectConfig(project);
  const grants = await deps.queries.permissions.projectGrants(project.id, filter.userId);
  const items: ProjectGrant[] = [];
  for (const { first, ids } of groupBy(grants, (g) => g.userId).values()) {
    for (const id of heldIds(config, "project", ids, filter)) items.push({ permissionId: id, userId: first.userId });
  }
  return items.sort(byKeys<ProjectGrant>("userId", "permissionId"));
}

/** PERMISSION_NOT_FOUND, or WRONG_PERMISSION_SCOPE when the id is defined in the other scope. */
export function assertPermissionDefined(config: RenderedConfig, scope: PermissionScope, permissionId: string): void {
  if (definitionExists(config, scope, permissionId)) return;
  const actual = scopeOf(config, permissionId);
  if (actual === null) throw knownError("PERMISSION_NOT_FOUND", { permission_id: permissionId });
  throw knownError("WRONG_PERMISSION_SCOPE", { permission_id: permissionId, expected_scope: scope, actual_scope: actual });
}

async function assertUserExists(deps: AppDeps, projectId: string, userId: string, db: Db): Promise<void> {
  if (!(await deps.queries.users.find(projectId, userId, db))) throw knownError("USER_NOT_FOUND");
}

/**
 * Grants a team permission to a member; granting it again changes nothing in the grants, but is
 * recorded again (`team_permission.created`, as Stack sends for every grant).
 */
export async function grantTeamPermission(deps: AppDeps, project: ProjectRow, teamId: string, userId: string, permissionId: string, actor: EventActor | null = null): Promise<TeamGrant> {
  const grant: TeamGrant = { permissionId, userId, teamId };
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.teams.find(project.id, teamId, tx))) throw knownError("TEAM_NOT_FOUND", { team_id: teamId });
    await assertUserExists(deps, project.id, userId, tx);
    if (!(await deps.queries.teams.isMember(project.id, teamId, userId, tx))) throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
    assertPermissionDefined(renderProjectConfig(project), "team", permissionId);
    await grantTeamIn(deps, tx, project.id, grant, actor);
  });
  return grant;
}

/** Revokes a team permission the member holds directly (not one they hold through containment). */
export async function revokeTeamPermission(deps: AppDeps, project: ProjectRow, teamId: string, userId: string, permissionId: string, actor: EventActor | null = null): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.permissions.revokeTeam(project.id, teamId, userId, permissionId, tx))) {
      throw knownError("TEAM_PERMISSION_NOT_FOUND", { team_id: teamId, user_id: userId, permission_id: permissionId });
    }
    await recordEvent(deps, tx, "team_permission.deleted", () => teamPermissionToJson({ permissionId, userId, teamId }), { projectId: project.id, actor });
  });
}

/** Grants a project permission to a user; granting it again changes nothing in the grants (recorded again). */
export async function grantProjectPermission(deps: AppDeps, project: ProjectRow, userId: string, permissionId: string, actor: EventActor | null = null): Promise<ProjectGrant> {
  const grant: ProjectGrant = { permissionId, userId };
  await deps.store.transaction(async (tx) => {
    await assertUserExists(deps, project.id, userId, tx);
    assertPermissionDefined(renderProjectConfig(project), "project", permissionId);
    await grantProjectIn(deps, tx, project.id, grant, actor);
  });
  return grant;
}

/** Revokes a project permission the user holds directly; PERMISSION_NOT_FOUND otherwise. */
export async function revokeProjectPermission(deps: AppDeps, project: ProjectRow, userId: string, permissionId: string, actor: EventActor | null = null): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.permissions.revokeProject(project.id, userId, permissionId, tx))) {
      throw knownError("PERMISSION_NOT_FOUND", { permission_id: permissionId });
    }
    await recordEvent(deps, tx, "project_permission.deleted", () => projectPermissionToJson({ permissionId, userId }), { projectId: project.id, actor });
  });
}
