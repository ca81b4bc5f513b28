import type { permissionProcedures } from "../../contract/permissions.js";
import { resolveUserId, type Auth } from "../http/auth.js";
import type { HandlerMap, RequestContext } from "../http/handler.js";
import { statusError } from "../errors.js";
import * as definitions from "../services/permissions/admin.js";
import type { PermissionScope } from "../services/permissions/definitions.js";
import * as grants from "../services/permissions/grants.js";
import { definitionToJson, projectPermissionToJson, teamPermissionToJson } from "../views/permissions.js";
import { actorOf } from "./actor.js";

/** Grant routes are server-only, so a client never names another user there; the text is never sent. */

/** The user a listing is about: clients must name themselves; servers may leave it out (everyone). */
function listedUserId(auth: Auth, userId: string | undefined): string | undefined {
  if (userId === undefined) {
    if (auth.accessType === "client") throw statusError("permissionsListOwnOnly");
    return undefined;
  }
  return resolveUserId(auth, userId, "permissionsListOwnOnly");
}

type DefinitionBody = { id?: string; description?: string; contained_permission_ids?: string[] };
const definitionInput = (body: DefinitionBody) => ({ id: body.id, description: body.description, containedPermissionIds: body.contained_permission_ids });

/** The four definition handlers of a scope. */
function definitionHandlers(scope: PermissionScope) {
  return {
    list: async ({ auth }: RequestContext) => ({ items: definitions.listPermissionDefinitions(auth.project, scope).map(definitionToJson), is_paginated: false as const }),
    create: async ({ auth, deps }: RequestContext, body: DefinitionBody & { id: string }) =>
      definitionToJson(await definitions.createPermissionDefinition(deps, auth.project.id, scope, { ...definitionInput(body), id: body.id }, actorOf(auth))),
    update: async ({ auth, deps }: RequestContext, permissionId: string, body: DefinitionBody) =>
      definitionToJson(await definitions.updatePermissionDefinition(deps, auth.project.id, scope, permissionId, definitionInput(body), actorOf(auth))),
    delete: async ({ auth, deps }: RequestContext, permissionId: string) => {
      await definitions.deletePermissionDefinition(deps, auth.project.id, scope, permissionId, actorOf(auth));
      return { success: true as const };
    },
  };
}

const team = definitionHandlers("team");
const project = definitionHandlers("project");

export const permissionHandlers = {
  async listTeamPermissions(ctx, { query }) {
    const userId = listedUserId(ctx.auth, query.user_id);
    const filter = { teamId: query.team_id, userId, permissionId: query.permission_id, recursive: query.recursive };
    const held = await grants.listTeamPermissions(ctx.deps, ctx.auth.project, filter);
    return { items: held.map(teamPermissionToJson), is_paginated: false };
  },

  async grantTeamPermission(ctx, { params }) {
    const userId = resolveUserId(ctx.auth, params.user_id, "permissionsServerOnly");
    return teamPermissionToJson(await grants.grantTeamPermission(ctx.deps, ctx.auth.project, params.team_id, userId, params.permission_id, actorOf(ctx.auth)));
  },

  async revokeTeamPermission(ctx, { params }) {
    const userId = resolveUserId(ctx.auth, params.user_id, "permissionsServerOnly");
    await grants.revokeTeamPermission(ctx.deps, ctx.auth.project, params.team_id, userId, params.permission_id, actorOf(ctx.auth));
    return { success: true };
  },

  async listProjectPermissions(ctx, { query }) {
    const userId = listedUserId(ctx.auth, query.user_id);
    const filter = { userId, permissionId: query.permission_id, recursive: query.recursive };
    const held = await grants.listProjectPermissions(ctx.deps, ctx.auth.project, filter);
    return { items: held.map(projectPermissionToJson), is_paginated: false };
  },

  async grantProjectPermission(ctx, { params }) {
    const userId = resolveUserId(ctx.auth, params.user_id, "permissionsServerOnly");
    return projectPermissionToJson(await grants.grantProjectPermission(ctx.deps, ctx.auth.project, userId, params.permission_id, actorOf(ctx.auth)));
  },

  async revokeProjectPermission(ctx, { params }) {
    const userId = resolveUserId(ctx.auth, params.user_id, "permissionsServerOnly");
    await grants.revokeProjectPermission(ctx.deps, ctx.auth.project, userId, params.permission_id, actorOf(ctx.auth));
    return { success: true };
  },

  listTeamPermissionDefinitions: (ctx) => team.list(ctx),
  createTeamPermissionDefinition: (ctx, { body }) => team.create(ctx, body),
  updateTeamPermissionDefinition: (ctx, { params, body }) => team.update(ctx, params.permission_id, body),
  deleteTeamPermissionDefinition: (ctx, { params }) => team.delete(ctx, params.permission_id),
  listProjectPermissionDefinitions: (ctx) => project.list(ctx),
  createProjectPermissionDefinition: (ctx, { body }) => project.create(ctx, body),
  updateProjectPermissionDefinition: (ctx, { params, body }) => project.update(ctx, params.permission_id, body),
  deleteProjectPermissionDefinition: (ctx, { params }) => project.delete(ctx, params.permission_id),
} satisfies HandlerMap<typeof permissionProcedures>;
