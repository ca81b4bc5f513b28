/** Permission definitions and grants (team and project) as the API and events show them. */
import type { z } from "zod";
import type { permissionDefinition, projectPermission, teamPermission } from "../../contract/permissions.js";
import type { PermissionDefinition } from "../services/permissions/definitions.js";
import type { ProjectGrant, TeamGrant } from "../db/queries/permissions.js";

export function definitionToJson(definition: PermissionDefinition): z.input<typeof permissionDefinition> {
  return {
    id: definition.id,
    ...(definition.description !== undefined && { description: definition.description }),
    contained_permission_ids: definition.containedPermissionIds,
  };
}

export function teamPermissionToJson(grant: TeamGrant): z.input<typeof teamPermission> {
  return { id: grant.permissionId, user_id: grant.userId, team_id: grant.teamId };
}

export function projectPermissionToJson(grant: ProjectGrant): z.input<typeof projectPermission> {
  return { id: grant.permissionId, user_id: grant.userId };
}
