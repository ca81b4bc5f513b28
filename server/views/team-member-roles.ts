/** A team's roles and its members' roles as the API shows them. */
import type { z } from "zod";
import type { teamMemberRoles, teamRoles } from "../../contract/team-member-roles.js";
import type { MemberRoles, TeamRoles } from "../services/permissions/roles.js";
import { definitionToJson } from "./permissions.js";

export function memberRolesToJson(member: MemberRoles): z.input<typeof teamMemberRoles> {
  return { user_id: member.userId, role_ids: member.roleIds };
}

export function teamRolesToJson(team: TeamRoles): z.input<typeof teamRoles> {
  return { roles: team.roles.map(definitionToJson), members: team.members.map(memberRolesToJson), assignable_role_ids: team.assignableRoleIds };
}
