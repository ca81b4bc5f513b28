import type { teamInvitationProcedures } from "../../contract/team-invitations.js";
import { requireUser } from "../http/auth.js";
import type { HandlerMap, RequestContext } from "../http/handler.js";
import { requireTeamPermission } from "../services/permissions/grants.js";
import * as invitations from "../services/team-invitations.js";
import { invitationDetailsToJson, invitationToJson } from "../views/team-invitations.js";

/**
 * Clients act for their signed-in user, who must belong to the team and hold every permission named
 * (directly or through containment); servers and admins may manage any team's invitations.
 */
async function requireClientPermissions(ctx: RequestContext, teamId: string, permissionIds: string[]): Promise<void> {
  const { auth, deps } = ctx;
  if (auth.accessType !== "client") return;
  const user = requireUser(auth);
  for (const permissionId of permissionIds) await requireTeamPermission(deps, auth.project, teamId, user.user.id, permissionId);
}

export const teamInvitationHandlers = {
  async sendTeamInvitationCode(ctx, { body }) {
    await requireClientPermissions(ctx, body.team_id, ["$invite_members"]);
    const id = await invitations.sendTeamInvitation(ctx.deps, ctx.auth.project, { teamId: body.team_id, email: body.email, callbackUrl: body.callback_url });
    return { success: true, id };
  },

  async listTeamInvitations(ctx, { query }) {
    await requireClientPermissions(ctx, query.team_id, ["$read_members", "$invite_members"]);
    const pending = await invitations.listTeamInvitations(ctx.deps, ctx.auth.project, query.team_id);
    return { items: pending.map(invitationToJson), is_paginated: false };
  },

  async revokeTeamInvitation(ctx, { params, query }) {
    await requireClientPermissions(ctx, query.team_id, ["$remove_members"]);
    await invitations.revokeTeamInvitation(ctx.deps, ctx.auth.project, query.team_id, params.id);
    return { success: true };
  },

  async acceptTeamInvitation(ctx, { body }) {
    const user = requireUser(ctx.auth);
    await invitations.acceptTeamInvitation(ctx.deps, ctx.auth.project, user.user.id, body.code);
    return {};
  },

  async getTeamInvitationDetails(ctx, { body }) {
    requireUser(ctx.auth);
    return invitationDetailsToJson(await invitations.teamInvitationDetails(ctx.deps, ctx.auth.project, body.code));
  },

  async checkTeamInvitationCode(ctx, { body }) {
    await invitations.checkTeamInvitation(ctx.deps, ctx.auth.project, body.code);
    return { is_code_valid: true };
  },
} satisfies HandlerMap<typeof teamInvitationProcedures>;
