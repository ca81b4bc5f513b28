/**
 * Latchkey only: the members' roles in a team, for team management in the account settings. A role is
 * a custom team permission definition (team scope, no `$`); a member's roles are the ones granted to
 * them directly. Stack grants team permissions to servers only (POST/DELETE /team-permissions/…); these
 * two routes let a signed-in member change roles under the rule that already governs removing members:
 *
 * - reading the roles needs `$read_members`, like listing the members;
 * - changing a member's roles needs `$remove_members` (whoever may remove a member, and with the
 *   membership every permission they hold, may also change what they hold); the caller must hold every
 *   permission a role they add or take away contains, so nobody hands out more than they have (a team
 *   admin may make someone a plain member without being one); and nobody changes their own roles.
 *
 * Servers and admins may change any member's roles. System permissions granted directly stay as they are.
 */
import { z } from "zod";
import { uuid, userIdOrMe } from "./fields.js";
import { customPermissionId, permissionDefinition } from "./permissions.js";
import { defineProcedure } from "./procedure.js";

const teamId = uuid.meta({ description: "A team id.", example: "5f0c2a7e-3b1d-4c6a-9e8f-0a1b2c3d4e5f" });
const roleIds = z.array(z.string()).meta({ description: "Role ids (custom team permission ids), sorted.", example: ["team_admin"] });

export const teamMemberRoles = z.object({ user_id: uuid, role_ids: roleIds }).meta({ id: "TeamMemberRoles" });

export const teamRoles = z
  .object({
    roles: z.array(permissionDefinition).meta({ description: "The roles members can hold: the project's custom team permission definitions, sorted by id." }),
    members: z.array(teamMemberRoles).meta({ description: "Every member with the roles granted to them directly, oldest membership first." }),
    assignable_role_ids: roleIds.meta({
      description: "The roles the caller may add or take away for other members (clients: none without `$remove_members`, else those whose contained permissions they hold).",
      example: ["team_member"],
    }),
  })
  .meta({ id: "TeamRoles" });

const tags = ["Permissions"];
const teamErrors = ["USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"] as const;

export const listTeamMemberRoles = defineProcedure({
  method: "GET",
  path: "/team-member-roles",
  access: "client",
  summary: "Latchkey only: a team's roles and each member's roles (clients need `$read_members`)",
  description: "Clients must belong to the team. Roles are the custom team permission definitions; see PUT /team-member-roles/{team_id}/{user_id} for who may change them.",
  tags,
  successStatus: 200,
  errors: [...teamErrors],
  query: z.strictObject({ team_id: teamId }),
  output: teamRoles,
});

export const setTeamMemberRoles = defineProcedure({
  method: "PUT",
  path: "/team-member-roles/{team_id}/{user_id}",
  access: "client",
  summary: "Latchkey only: set another member's roles (clients need `$remove_members` and what each role they change contains)",
  description:
    "The member's direct grants of custom team permissions become exactly `role_ids`; the grants added and taken away are recorded as `team_permission.created` and `team_permission.deleted`, in one unit of work. Clients need `$remove_members`, as for removing a member, may only add or take away roles whose contained permissions they hold themselves (TEAM_PERMISSION_REQUIRED names the first one they lack), and may not change their own roles.",
  tags,
  successStatus: 200,
  errors: [...teamErrors, "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE", "teamRolesNotOwn"],
  params: z.strictObject({ team_id: teamId, user_id: userIdOrMe }),
  body: z
    .strictObject({ role_ids: z.array(customPermissionId).max(100).meta({ description: "Every role the member should hold; `[]` for none.", example: ["team_member"] }) })
    .meta({ id: "TeamMemberRolesUpdate" }),
  output: teamMemberRoles,
});

export const teamMemberRoleProcedures = { listTeamMemberRoles, setTeamMemberRoles } as const;
