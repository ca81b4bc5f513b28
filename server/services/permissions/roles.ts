/**
 * Members' roles in a team (Latchkey only): a role is a custom team permission definition, and a
 * member's roles are their direct grants of one. Who may change them is decided here (see
 * contract/team-member-roles.ts): a caller (a client's signed-in user) needs `$remove_members`, may not
 * change their own roles, and must hold what every role they add or take away contains; a project
 * caller (`null`) may change any.
 */
import { knownError } from "../../../contract/known-error.js";
import { statusError } from "../../errors.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { teamPermissionToJson } from "../../views/permissions.js";
import { renderProjectConfig } from "../config/project-config.js";
import { recordEvent, type EventActor } from "../events.js";
import { getTeam } from "../teams.js";
import { expandPermissions, isSystemPermission, listDefinitions, type PermissionDefinition } from "./definitions.js";
import { assertPermissionDefined, grantTeamIn, requireTeamPermission, teamPermissionsOf } from "./grants.js";

export interface MemberRoles {
  userId: string;
  roleIds: string[];
}

export interface TeamRoles {
  roles: PermissionDefinition[];
  /** Oldest membership first, as the member list. */
  members: MemberRoles[];
  assignableRoleIds: string[];
}

/** The project's roles: custom team permission definitions, sorted by id. */
function rolesOf(project: ProjectRow): PermissionDefinition[] {
  return listDefinitions(renderProjectConfig(project), "team").filter((d) => !isSystemPermission(d.id));
}

/**
 * The first permission that one of `roleIds` contains (transitively) and `held` lacks, if any. The role
 * itself need not be held: a team admin may make someone a plain member.
 */
function firstMissing(project: ProjectRow, held: Set<string>, roleIds: Iterable<string>): string | null {
  const config = renderProjectConfig(project);
  for (const roleId of roleIds) {
    for (const id of expandPermissions(config, "team", [roleId])) if (id !== roleId && !held.has(id)) return id;
  }
  return null;
}

/** The roles `callerId` may add or take away in the team (all of them for a project caller). */
async function assignableRoles(deps: AppDeps, project: ProjectRow, teamId: string, callerId: string | null, roles: PermissionDefinition[]): Promise<string[]> {
  if (callerId === null) return roles.map((r) => r.id);
  const held = await teamPermissionsOf(deps, project, teamId, callerId);
  if (!held.has("$remove_members")) return [];
  return roles.filter((r) => firstMissing(project, held, [r.id]) === null).map((r) => r.id);
}

/** The team's roles and each member's; a caller must be a member holding `$read_members`. */
export async function listTeamRoles(deps: AppDeps, project: ProjectRow, teamId: string, callerId: string | null): Promise<TeamRoles> {
  await getTeam(deps, project.id, teamId);
  if (callerId !== null) await requireTeamPermission(deps, project, teamId, callerId, "$read_members");
  const roles = rolesOf(project);
  const roleIds = new Set(roles.map((r) => r.id));
  const grants = await deps.queries.permissions.teamGrants(project.id, { teamId });
  const members = (await deps.queries.teams.memberRecords(project.id, { teamId })).map(({ member }) => ({
    userId: member.userId,
    roleIds: grants.filter((g) => g.userId === member.userId && roleIds.has(g.permissionId)).map((g) => g.permissionId).sort(),
  }));
  return { roles, members, assignableRoleIds: await assignableRoles(deps, project, teamId, callerId, roles) };
}

/**
 * Makes the member's roles exactly `roleIds`: grants the missing ones and revokes the others, recording
 * each grant and revocation, in one unit of work. Unknown ids: PERMISSION_NOT_FOUND or WRONG_PERMISSION_SCOPE.
 */
export async function setMemberRoles(
  deps: AppDeps,
  project: ProjectRow,
  change: { teamId: string; userId: string; roleIds: string[] },
  callerId: string | null,
  actor: EventActor | null = null,
): Promise<MemberRoles> {
  const { teamId, userId } = change;
  await getTeam(deps, project.id, teamId);
  if (callerId !== null) await requireTeamPermission(deps, project, teamId, callerId, "$remove_members");
  // Else a member could give themselves any role whose contents they hold, `billing` say.
  if (callerId === userId) throw statusError("teamRolesNotOwn");
  // What limits a client's change: everything their signed-in user holds in the team.
  const limit = callerId === null ? null : { callerId, held: await teamPermissionsOf(deps, project, teamId, callerId) };
  const wanted = [...new Set(change.roleIds)].sort();
  for (const id of wanted) assertPermissionDefined(renderProjectConfig(project), "team", id);
  const roleIds = new Set(rolesOf(project).map((r) => r.id));
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.users.find(project.id, userId, tx))) throw knownError("USER_NOT_FOUND");
    if (!(await deps.queries.teams.isMember(project.id, teamId, userId, tx))) throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
    const direct = (await deps.queries.permissions.teamGrants(project.id, { teamId, userId }, tx)).map((g) => g.permissionId);
    const current = direct.filter((id) => roleIds.has(id));
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    const missing = limit && firstMissing(project, limit.held, [...added, ...removed]);
    if (limit && missing) throw knownError("TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: limit.callerId, permission_id: missing });
    for (const permissionId of removed) {
      await deps.queries.permissions.revokeTeam(project.id, teamId, userId, permissionId, tx);
      await recordEvent(deps, tx, "team_permission.deleted", () => teamPermissionToJson({ permissionId, userId, teamId }), { projectId: project.id, actor });
    }
    for (const permissionId of added) await grantTeamIn(deps, tx, project.id, { permissionId, userId, teamId }, actor);
  });
  return { userId, roleIds: wanted };
}
