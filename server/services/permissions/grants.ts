/** Who holds which permission: direct grants, expanded through containment, and the default grants. */
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { renderProjectConfig } from "../projects.js";
import { expandPermissions } from "./definitions.js";

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
export async function grantTeamDefaults(deps: AppDeps, db: Db, project: ProjectRow, teamId: string, userId: string, role: "teamCreator" | "teamMember"): Promise<void> {
  const defaults = Object.keys(renderProjectConfig(project).rbac.defaultPermissions[role]);
  for (const permissionId of defaults) await deps.queries.permissions.grantTeam(project.id, teamId, userId, permissionId, deps.clock.now(), db);
}

/** Grants the project permissions every new user gets. */
export async function grantSignUpDefaults(deps: AppDeps, db: Db, project: ProjectRow, userId: string): Promise<void> {
  const defaults = Object.keys(renderProjectConfig(project).rbac.defaultPermissions.signUp);
  for (const permissionId of defaults) await deps.queries.permissions.grantProject(project.id, userId, permissionId, deps.clock.now(), db);
}
