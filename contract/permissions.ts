/**
 * Team and project permissions: who holds which permission (grants), and what permissions exist
 * (definitions, kept in the project config under `rbac.permissions`). A permission may contain others;
 * holding it then counts as holding them too. Team scope always has the six `$…` system permissions.
 */
import { z } from "zod";
import { descriptionText, listOf, successResponse, userIdOrMe, uuid } from "./fields.js";
import { permissionIdField, systemTeamPermissionIds } from "./project-config.js";
import { defineProcedure } from "./procedure.js";

type Scope = "team" | "project";

const permissionId = z.string().meta({ description: "A permission id.", example: "team_admin" });
const teamId = uuid.meta({ description: "A team id.", example: "0f4b7d1c-3a2e-4c9b-8d6f-5e1a2b3c4d5e" });
const recursive = z
  .boolean()
  .default(true)
  .meta({ description: "Also list what the granted permissions contain, transitively (default `true`); `false` lists direct grants only." });

export const teamPermission = z.object({ id: permissionId, user_id: uuid, team_id: teamId }).meta({ id: "TeamPermission" });
export const projectPermission = z.object({ id: permissionId, user_id: uuid }).meta({ id: "ProjectPermission" });

/** Ids of custom definitions: the permission-id rule, and never a system id (custom ids may not contain `$`). */
export const customPermissionId = permissionIdField.refine(
  (id) => !(systemTeamPermissionIds as readonly string[]).includes(id),
  'Custom permission ids may not contain "$"; ids starting with "$" are the system permissions',
);

const description = descriptionText.meta({ description: "What the permission allows.", example: "Manage billing" });
const containedIds = z
  .array(permissionIdField)
  .meta({ description: "Permissions this one contains, of the same scope (team permissions may contain system ones).", example: ["$read_members"] });

export const permissionDefinition = z
  .object({ id: permissionId, description: z.string().optional(), contained_permission_ids: z.array(z.string()).meta({ description: "Sorted." }) })
  .meta({ id: "PermissionDefinition" });
export const permissionDefinitionCreate = z
  .strictObject({ id: customPermissionId, description: description.optional(), contained_permission_ids: containedIds.optional() })
  .meta({ id: "PermissionDefinitionCreate" });
export const permissionDefinitionUpdate = z
  .strictObject({
    id: customPermissionId.optional().meta({ description: "A new id: grants, containments and default sets follow the rename." }),
    description: description.optional(),
    contained_permission_ids: containedIds.optional(),
  })
  .meta({ id: "PermissionDefinitionUpdate", description: "Fields left out keep their value." });

const clientSelf = "Clients must list their own permissions (`user_id=me` or their id).";
const grantTags = ["Permissions"];

export const listTeamPermissions = defineProcedure({
  method: "GET",
  path: "/team-permissions",
  access: "client",
  summary: "List team permissions held, sorted by team, user and permission id",
  description: `${clientSelf} Grants of permissions that are no longer defined are left out.`,
  tags: grantTags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "permissionsListOwnOnly"],
  query: z.strictObject({
    team_id: teamId.optional(),
    user_id: userIdOrMe.optional(),
    permission_id: permissionId.optional().meta({ description: "Only this permission." }),
    recursive,
  }),
  output: listOf(teamPermission),
});

const teamGrantParams = z.strictObject({ team_id: teamId, user_id: userIdOrMe, permission_id: permissionId });

export const grantTeamPermission = defineProcedure({
  method: "POST",
  path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
  access: "server",
  summary: "Grant a team permission to a member (granting twice is fine)",
  tags: grantTags,
  successStatus: 201,
  errors: ["TEAM_NOT_FOUND", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"],
  params: teamGrantParams,
  output: teamPermission,
});

export const revokeTeamPermission = defineProcedure({
  method: "DELETE",
  path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
  access: "server",
  summary: "Revoke a team permission the member holds directly",
  tags: grantTags,
  successStatus: 200,
  errors: ["TEAM_PERMISSION_NOT_FOUND"],
  params: teamGrantParams,
  output: successResponse,
});

export const listProjectPermissions = defineProcedure({
  method: "GET",
  path: "/project-permissions",
  access: "client",
  summary: "List project permissions held, sorted by user and permission id",
  description: `${clientSelf} Grants of permissions that are no longer defined are left out.`,
  tags: grantTags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "permissionsListOwnOnly"],
  query: z.strictObject({
    user_id: userIdOrMe.optional(),
    permission_id: permissionId.optional().meta({ description: "Only this permission." }),
    recursive,
  }),
  output: listOf(projectPermission),
});

const projectGrantParams = z.strictObject({ user_id: userIdOrMe, permission_id: permissionId });

export const grantProjectPermission = defineProcedure({
  method: "POST",
  path: "/project-permissions/{user_id}/{permission_id}",
  access: "server",
  summary: "Grant a project permission to a user (granting twice is fine)",
  tags: grantTags,
  successStatus: 201,
  errors: ["USER_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"],
  params: projectGrantParams,
  output: projectPermission,
});

export const revokeProjectPermission = defineProcedure({
  method: "DELETE",
  path: "/project-permissions/{user_id}/{permission_id}",
  access: "server",
  summary: "Revoke a project permission the user holds directly",
  tags: grantTags,
  successStatus: 200,
  errors: ["PERMISSION_NOT_FOUND"],
  params: projectGrantParams,
  output: successResponse,
});

/** The four definition routes of a scope; both scopes behave alike. */
function definitionProcedures<S extends Scope>(scope: S) {
  const base = `/${scope}-permission-definitions` as const;
  const tags = ["Permission definitions"];
  const params = z.strictObject({ permission_id: permissionId });
  const listNote =
    scope === "team"
      ? "Includes the six `$…` system permissions; they contain nothing and cannot be changed or deleted."
      : "Project scope has no system permissions.";
  return {
    list: defineProcedure({
      method: "GET",
      path: base,
      access: "admin",
      summary: `List the ${scope} permission definitions, sorted by id`,
      description: listNote,
      tags,
      successStatus: 200,
      errors: [],
      output: listOf(permissionDefinition),
    }),
    create: defineProcedure({
      method: "POST",
      path: base,
      access: "admin",
      summary: `Define a ${scope} permission`,
      description: "Contained permissions must exist in the same scope. A containment cycle is refused with SCHEMA_ERROR naming the cycle.",
      tags,
      successStatus: 201,
      errors: ["PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND"],
      body: permissionDefinitionCreate,
      output: permissionDefinition,
    }),
    update: defineProcedure({
      method: "PATCH",
      path: `${base}/{permission_id}`,
      access: "admin",
      summary: `Change or rename a ${scope} permission definition`,
      description:
        "Fields left out keep their value. A rename moves the grants, the containments of other definitions and the default sets to the new id. A containment cycle is refused with SCHEMA_ERROR naming the cycle.",
      tags,
      successStatus: 200,
      errors: ["PERMISSION_NOT_FOUND", "PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND", "systemPermissionImmutable"],
      params,
      body: permissionDefinitionUpdate,
      output: permissionDefinition,
    }),
    delete: defineProcedure({
      method: "DELETE",
      path: `${base}/{permission_id}`,
      access: "admin",
      summary: `Delete a ${scope} permission definition, its grants, and every reference to it`,
      tags,
      successStatus: 200,
      errors: ["PERMISSION_NOT_FOUND", "systemPermissionImmutable"],
      params,
      output: successResponse,
    }),
  };
}

const team = definitionProcedures("team");
const project = definitionProcedures("project");

export const permissionProcedures = {
  listTeamPermissions,
  grantTeamPermission,
  revokeTeamPermission,
  listProjectPermissions,
  grantProjectPermission,
  revokeProjectPermission,
  listTeamPermissionDefinitions: team.list,
  createTeamPermissionDefinition: team.create,
  updateTeamPermissionDefinition: team.update,
  deleteTeamPermissionDefinition: team.delete,
  listProjectPermissionDefinitions: project.list,
  createProjectPermissionDefinition: project.create,
  updateProjectPermissionDefinition: project.update,
  deleteProjectPermissionDefinition: project.delete,
} as const;
