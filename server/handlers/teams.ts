/**
 * Teams, memberships and member profiles over HTTP. Clients act for their signed-in user: they see the
 * teams they belong to and need team permissions to change them; servers and admins act for the project.
 */
import type { z } from "zod";
import type * as c from "../../contract/teams.js";
import { knownError } from "../../contract/known-error.js";
import { requireUser, resolveUserId, type Auth } from "../http/auth.js";
import type { Handler, HandlerMap, RequestContext } from "../http/handler.js";
import { statusError } from "../errors.js";
import { requireTeamPermission } from "../services/permissions/grants.js";
import * as members from "../services/team-members.js";
import * as teams from "../services/teams.js";
import { assertClientProfileImage, assertProfileImage } from "../services/users/update.js";
import { profileToJson } from "../views/team-members.js";
import { teamToJson } from "../views/teams.js";
import { actorOf } from "./actor.js";


/** A `user_id` path or query value as an id: `me` is the signed-in user; any other id stays as named. */
function namedUser(auth: Auth, named: string): string {
  return named === "me" ? resolveUserId(auth, "me") : named;
}

/** The id of a user a server names, or USER_NOT_FOUND. */
async function existingUser(ctx: RequestContext, named: string): Promise<string> {
  const userId = namedUser(ctx.auth, named);
  if (!(await ctx.deps.queries.users.find(ctx.auth.project.id, userId))) throw knownError("USER_NOT_FOUND");
  return userId;
}

/** The team (TEAM_NOT_FOUND); a client must also be a member, holding `permission` when one is named. */
async function teamFor(ctx: RequestContext, teamId: string, permission?: string) {
  const { auth, deps } = ctx;
  const team = await teams.getTeam(deps, auth.project.id, teamId);
  if (auth.accessType === "client") {
    const me = requireUser(auth).user.id;
    if (permission) await requireTeamPermission(deps, auth.project, teamId, me, permission);
    else await members.requireMember(deps, auth.project.id, teamId, me);
  }
  return team;
}

/** Checks an image for the caller's level: clients may only upload base64 images. */
function checkImage(auth: Auth, value: string | null | undefined): void {
  if (auth.accessType === "client") assertClientProfileImage(value);
  else assertProfileImage(value);
}

const listTeams: Handler<typeof c.listTeams> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  let userId: string | undefined;
  if (auth.accessType === "client") {
    if (query.user_id === undefined) throw statusError("teamsListOwnOnly");
    userId = resolveUserId(auth, query.user_id, "teamsListOwnOnly");
  } else if (query.user_id !== undefined) {
    userId = await existingUser(ctx, query.user_id);
  }
  const rows = await teams.listTeams(deps, auth.project.id, { userId });
  return { items: rows.map(teamToJson), is_paginated: false };
};

const createTeam: Handler<typeof c.createTeam> = async (ctx, { query, ...input }) => {
  const { auth, deps } = ctx;
  const body: z.output<typeof c.serverTeamCreate> = input.body; // a client's body is the same without the server-only metadata
  let creatorUserId: string | null = null;
  if (auth.accessType === "client") {
    requireUser(auth);
    if (!ctx.projectConfig.teams.allowClientTeamCreation) throw statusError("clientTeamCreationDisabled");
    assertClientProfileImage(body.profile_image_url);
    creatorUserId = resolveUserId(auth, body.creator_user_id ?? "me", "teamsCreateOwnOnly");
  } else {
    assertProfileImage(body.profile_image_url);
    const named = body.creator_user_id ?? (query.add_current_user ? "me" : undefined);
    if (named !== undefined) creatorUserId = await existingUser(ctx, named);
  }
  const team = await teams.createTeam(deps, auth.project, {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
    clientMetadata: body.client_metadata,
    clientReadOnlyMetadata: body.client_read_only_metadata,
    serverMetadata: body.server_metadata,
    creatorUserId,
  }, actorOf(auth));
  return teamToJson(team);
};

const getTeam: Handler<typeof c.getTeam> = async (ctx, { params }) => teamToJson(await teamFor(ctx, params.team_id));

const updateTeam: Handler<typeof c.updateTeam> = async (ctx, { params, ...input }) => {
  const body: z.output<typeof c.serverTeamUpdate> = input.body; // a client's body is the same without the server-only metadata
  await teamFor(ctx, params.team_id, "$update_team");
  checkImage(ctx.auth, body.profile_image_url);
  const team = await teams.updateTeam(ctx.deps, ctx.auth.project.id, params.team_id, {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
    clientMetadata: body.client_metadata,
    clientReadOnlyMetadata: body.client_read_only_metadata,
    serverMetadata: body.server_metadata,
  }, actorOf(ctx.auth));
  return teamToJson(team);
};

const deleteTeam: Handler<typeof c.deleteTeam> = async (ctx, { params }) => {
  await teamFor(ctx, params.team_id, "$delete_team");
  await teams.deleteTeam(ctx.deps, ctx.auth.project.id, params.team_id, actorOf(ctx.auth));
  return { success: true };
};

const createTeamMembership: Handler<typeof c.createTeamMembership> = async (ctx, { params }) => {
  const { auth, deps } = ctx;
  const userId = await existingUser(ctx, params.user_id);
  await teams.addTeamMember(deps, auth.project, params.team_id, userId, actorOf(auth));
  return { team_id: params.team_id, user_id: userId };
};

const deleteTeamMembership: Handler<typeof c.deleteTeamMembership> = async (ctx, { params }) => {
  const { auth, deps } = ctx;
  await teams.getTeam(deps, auth.project.id, params.team_id);
  const userId = namedUser(auth, params.user_id);
  if (auth.accessType === "client") {
    const me = requireUser(auth).user.id;
    if (userId !== me) await requireTeamPermission(deps, auth.project, params.team_id, me, "$remove_members");
  }
  await members.removeTeamMember(deps, auth.project.id, params.team_id, userId, actorOf(auth));
  return { success: true };
};

const listTeamMemberProfiles: Handler<typeof c.listTeamMemberProfiles> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  let userId: string | undefined;
  if (auth.accessType === "client") {
    if (query.team_id === undefined) throw statusError("teamIdRequiredForClient");
    await teamFor(ctx, query.team_id);
    const me = requireUser(auth).user.id;
    userId = query.user_id === undefined ? undefined : namedUser(auth, query.user_id);
    if (userId !== me) await requireTeamPermission(deps, auth.project, query.team_id, me, "$read_members");
  } else {
    if (query.team_id !== undefined) await teams.getTeam(deps, auth.project.id, query.team_id);
    if (query.user_id !== undefined) userId = await existingUser(ctx, query.user_id);
  }
  const records = await members.listMemberProfiles(deps, auth.project.id, { teamId: query.team_id, userId });
  return { items: records.map(profileToJson), is_paginated: false };
};

const getTeamMemberProfile: Handler<typeof c.getTeamMemberProfile> = async (ctx, { params }) => {
  const { auth, deps } = ctx;
  await teams.getTeam(deps, auth.project.id, params.team_id);
  const userId = namedUser(auth, params.user_id);
  if (auth.accessType === "client") {
    const me = requireUser(auth).user.id;
    if (userId !== me) await requireTeamPermission(deps, auth.project, params.team_id, me, "$read_members");
  }
  return profileToJson(await members.getMemberProfile(deps, auth.project.id, params.team_id, userId));
};

const updateTeamMemberProfile: Handler<typeof c.updateTeamMemberProfile> = async (ctx, { params, body }) => {
  const { auth, deps } = ctx;
  await teams.getTeam(deps, auth.project.id, params.team_id);
  const userId = namedUser(auth, params.user_id);
  if (auth.accessType === "client" && userId !== requireUser(auth).user.id) throw statusError("teamProfileOwnOnly");
  checkImage(auth, body.profile_image_url);
  const record = await members.updateMemberProfile(deps, auth.project.id, params.team_id, userId, {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
  });
  return profileToJson(record);
};

export const teamHandlers = {
  listTeams,
  createTeam,
  getTeam,
  updateTeam,
  deleteTeam,
  createTeamMembership,
  deleteTeamMembership,
  listTeamMemberProfiles,
  getTeamMemberProfile,
  updateTeamMemberProfile,
} satisfies HandlerMap<typeof c.teamProcedures>;
