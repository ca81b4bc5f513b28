import type { oauthProcedures } from "../../contract/oauth.js";
import { knownError } from "../../contract/known-error.js";
import { resolveUserId } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import { accountJson, createLink, deleteLink, findLink, updateLink } from "../services/oauth/accounts.js";
import { connectedAccessToken } from "../services/oauth/connected-accounts.js";
import { finishFlow, startFlow } from "../services/oauth/flow.js";
import { actorOf } from "./actor.js";

/** The callback's parameters as the provider sent them (query or form), for oauth4webapi's checks. */
function callbackParams(values: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (typeof value === "string") params.set(name, value);
  return params;
}

export const oauthHandlers = {
  async oauthAuthorize(ctx, { params, query }) {
    return startFlow(ctx.deps, {
      providerConfigId: params.provider_id,
      clientId: query.client_id,
      clientSecret: query.client_secret,
      redirectUri: query.redirect_uri,
      scope: query.scope,
      state: query.state,
      codeChallenge: query.code_challenge,
      codeChallengeMethod: query.code_challenge_method ?? "plain",
      type: query.type,
      token: query.token,
      errorRedirectUrl: query.error_redirect_url ?? query.error_redirect_uri,
      afterCallbackRedirectUrl: query.after_callback_redirect_url,
      providerScope: query.provider_scope,
    });
  },

  async oauthCallback(ctx, { params, query }) {
    return finishFlow(ctx.deps, params.provider_id, callbackParams(query), ctx.header("cookie"));
  },

  async oauthCallbackPost(ctx, { params, body }) {
    return finishFlow(ctx.deps, params.provider_id, callbackParams(body), ctx.header("cookie"));
  },

  async listOAuthProviders(ctx, { query }) {
    const { auth, deps } = ctx;
    if (auth.accessType === "client" && query.user_id === undefined) throw knownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
    const userId = query.user_id === undefined ? null : resolveUserId(auth, query.user_id, "oauthProvidersListOwnOnly");
    if (userId !== null && auth.accessType !== "client" && !(await deps.queries.users.find(auth.project.id, userId))) throw knownError("USER_NOT_FOUND");
    const rows = await deps.queries.oauth.listAccounts(auth.project.id, userId);
    return { items: rows.map((row) => accountJson(auth.project, row)), is_paginated: false };
  },

  async createOAuthProvider(ctx, { body }) {
    const { auth, deps } = ctx;
    const row = await createLink(deps, auth.project, {
      userId: resolveUserId(auth, body.user_id),
      configId: body.provider_config_id,
      accountId: body.account_id,
      email: body.email ?? null,
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
    }, actorOf(auth));
    return accountJson(auth.project, row);
  },

  async getOAuthProvider(ctx, { params }) {
    const { auth, deps } = ctx;
    const userId = resolveUserId(auth, params.user_id, "oauthProviderReadOwnOnly");
    return accountJson(auth.project, await findLink(deps, auth.project, userId, params.provider_id));
  },

  async updateOAuthProvider(ctx, { params, body }) {
    const { auth, deps } = ctx;
    const userId = resolveUserId(auth, params.user_id, "oauthProvidersOwnOnly");
    const server = "account_id" in body || "email" in body ? (body as { email?: string; account_id?: string }) : {};
    const row = await updateLink(deps, auth.project, userId, params.provider_id, {
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
      email: server.email,
      accountId: server.account_id,
    }, actorOf(auth));
    return accountJson(auth.project, row);
  },

  async deleteOAuthProvider(ctx, { params }) {
    const { auth, deps } = ctx;
    const userId = resolveUserId(auth, params.user_id, "oauthProvidersOwnOnly");
    await deleteLink(deps, auth.project, userId, params.provider_id, actorOf(auth));
    return { success: true };
  },

  async connectedAccountAccessToken(ctx, { params, body }) {
    const { auth, deps } = ctx;
    const userId = resolveUserId(auth, params.user_id, "connectedAccountsOwnOnly");
    if (auth.accessType !== "client" && !(await deps.queries.users.find(auth.project.id, userId))) throw knownError("USER_NOT_FOUND");
    return { access_token: await connectedAccessToken(deps, auth.project, userId, params.provider_id, body.scope) };
  },
} satisfies HandlerMap<typeof oauthProcedures>;
