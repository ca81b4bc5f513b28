import type * as c from "../../contract/users.js";
import { knownError } from "../../contract/known-error.js";
import type { UserRecord } from "../db/queries/users.js";
import type { AppDeps } from "../deps.js";
import { resolveUserId, type Auth } from "../http/auth.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { statusError } from "../errors.js";
import { createUser as createUserRecord } from "../services/users/create.js";
import { deleteUser as deleteUserRecord } from "../services/users/delete.js";
import { withOAuthProviders, withOAuthProvidersOne } from "../services/oauth/user-links.js";
import { userOAuthProviderToJson } from "../views/oauth-providers.js";
import { assertClientProfileImage, assertProfileImage, updateUser as updateUserRecord } from "../services/users/update.js";
import { userToJson } from "../views/users.js";
import { actorOf } from "./actor.js";

function currentUser(auth: Auth): UserRecord {
  if (!auth.user) throw knownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
  return auth.user;
}

async function findUserOrThrow(deps: AppDeps, auth: Auth, userIdOrMe: string): Promise<UserRecord> {
  const userId = resolveUserId(auth, userIdOrMe);
  const record = await deps.queries.users.find(auth.project.id, userId);
  if (!record) throw knownError("USER_NOT_FOUND");
  return record;
}

const getCurrentUser: Handler<typeof c.getCurrentUser> = async (ctx) => userToJson(await withOAuthProvidersOne(ctx.deps, ctx.auth.project.id, currentUser(ctx.auth)));

const updateCurrentUser: Handler<typeof c.updateCurrentUser> = async (ctx, { body }) => {
  const record = currentUser(ctx.auth);
  if (ctx.auth.accessType === "client") assertClientProfileImage(body.profile_image_url);
  else assertProfileImage(body.profile_image_url);
  const updated = await updateUserRecord(ctx.deps, record, body, actorOf(ctx.auth));
  return userToJson(await withOAuthProvidersOne(ctx.deps, ctx.auth.project.id, updated));
};

const deleteCurrentUser: Handler<typeof c.deleteCurrentUser> = async (ctx) => {
  const { auth, deps } = ctx;
  const record = currentUser(auth);
  if (auth.accessType === "client" && !ctx.projectConfig.users.allowClientUserDeletion) {
    throw statusError("clientUserDeletionDisabled");
  }
  await deleteUserRecord(deps, auth.project.id, record.user.id, actorOf(auth));
  return { success: true };
};

const listUsers: Handler<typeof c.listUsers> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const { records, nextCursor } = await deps.queries.users.list(auth.project.id, {
    limit: query.limit,
    cursor: query.cursor,
    desc: query.desc ?? false,
    query: query.query?.trim() || undefined,
    includeAnonymous: query.include_anonymous ?? false,
    teamId: query.team_id,
  });
  const withLinks = await withOAuthProviders(deps, auth.project.id, records);
  return { items: withLinks.map(userToJson), is_paginated: true, pagination: { next_cursor: nextCursor } };
};

const createUser: Handler<typeof c.createUser> = async (ctx, { body }) => {
  const { record, oauthProviders } = await createUserRecord(ctx.deps, ctx.auth.project, {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
    clientMetadata: body.client_metadata,
    clientReadOnlyMetadata: body.client_read_only_metadata,
    serverMetadata: body.server_metadata,
    primaryEmail: body.primary_email,
    primaryEmailVerified: body.primary_email_verified,
    primaryEmailAuthEnabled: body.primary_email_auth_enabled,
    password: body.password,
    passwordHash: body.password_hash,
    otpAuthEnabled: body.otp_auth_enabled,
    totpSecretBase64: body.totp_secret_base64,
    isAnonymous: body.is_anonymous,
    oauthProviders: body.oauth_providers,
  }, actorOf(ctx.auth));
  // Stack builds this answer before it creates and selects the personal team: later reads show the team.
  return userToJson({ ...record, selectedTeam: null, oauthProviders: oauthProviders.map(userOAuthProviderToJson) });
};

const getUser: Handler<typeof c.getUser> = async (ctx, { params }) =>
  userToJson(await withOAuthProvidersOne(ctx.deps, ctx.auth.project.id, await findUserOrThrow(ctx.deps, ctx.auth, params.user_id)));

const updateUser: Handler<typeof c.updateUser> = async (ctx, { params, body }) => {
  const record = await findUserOrThrow(ctx.deps, ctx.auth, params.user_id);
  assertProfileImage(body.profile_image_url);
  const updated = await updateUserRecord(ctx.deps, record, body, actorOf(ctx.auth));
  return userToJson(await withOAuthProvidersOne(ctx.deps, ctx.auth.project.id, updated));
};

const deleteUser: Handler<typeof c.deleteUser> = async (ctx, { params }) => {
  const record = await findUserOrThrow(ctx.deps, ctx.auth, params.user_id);
  await deleteUserRecord(ctx.deps, ctx.auth.project.id, record.user.id, actorOf(ctx.auth));
  return { success: true };
};

export const userHandlers = {
  getCurrentUser,
  updateCurrentUser,
  deleteCurrentUser,
  listUsers,
  createUser,
  getUser,
  updateUser,
  deleteUser,
} satisfies HandlerMap<typeof c.userProcedures>;
