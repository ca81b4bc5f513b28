import type * as c from "../../contract/identity-provider.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { requireUser } from "../http/auth.js";
import { statusError } from "../errors.js";
import { oauthClientToJson } from "../identity-provider/client-view.js";
import { createClient, deleteClient, getClientOrThrow, rotateClientSecret, updateClient } from "../identity-provider/clients.js";
import { revokeConsent } from "../identity-provider/grants.js";
import { saveSettings, settingsToJson } from "../identity-provider/settings.js";
import { actorOf } from "./actor.js";

const listOAuthClients: Handler<typeof c.listOAuthClients> = async (ctx) => ({
  items: (await ctx.deps.queries.identityProvider.listClients(ctx.auth.project.id)).map(oauthClientToJson),
  is_paginated: false,
});

const createOAuthClient: Handler<typeof c.createOAuthClient> = async (ctx, { body }) => {
  const { row, secret } = await createClient(
    ctx.deps,
    ctx.auth.project.id,
    { name: body.name, logoUrl: body.logo_url ?? null, type: body.type, redirectUris: body.redirect_uris, allowedScopes: body.allowed_scopes, grantTypes: body.grant_types },
    "admin",
    actorOf(ctx.auth),
  );
  return { ...oauthClientToJson(row), client_secret: secret };
};

const getOAuthClient: Handler<typeof c.getOAuthClient> = async (ctx, { params }) => oauthClientToJson(await getClientOrThrow(ctx.deps, ctx.auth.project.id, params.client_id));

const updateOAuthClient: Handler<typeof c.updateOAuthClient> = async (ctx, { params, body }) =>
  oauthClientToJson(
    await updateClient(ctx.deps, ctx.auth.project.id, params.client_id, {
      name: body.name,
      logoUrl: body.logo_url,
      redirectUris: body.redirect_uris,
      allowedScopes: body.allowed_scopes,
      grantTypes: body.grant_types,
    }, actorOf(ctx.auth)),
  );

const deleteOAuthClient: Handler<typeof c.deleteOAuthClient> = async (ctx, { params }) => {
  await deleteClient(ctx.deps, ctx.auth.project.id, params.client_id, actorOf(ctx.auth));
  return { success: true };
};

const rotateOAuthClientSecret: Handler<typeof c.rotateOAuthClientSecret> = async (ctx, { params }) => {
  const { row, secret } = await rotateClientSecret(ctx.deps, ctx.auth.project.id, params.client_id, actorOf(ctx.auth));
  return { ...oauthClientToJson(row), client_secret: secret };
};

const getIdentityProviderSettings: Handler<typeof c.getIdentityProviderSettings> = async (ctx) =>
  settingsToJson(await ctx.deps.queries.identityProvider.settings(ctx.auth.project.id));

const updateIdentityProviderSettings: Handler<typeof c.updateIdentityProviderSettings> = async (ctx, { body }) =>
  settingsToJson(await saveSettings(ctx.deps, ctx.auth.project.id, body));

const listMyAuthorizedApps: Handler<typeof c.listMyAuthorizedApps> = async (ctx) => {
  const user = requireUser(ctx.auth);
  const rows = await ctx.deps.queries.identityProvider.listConsentsOfUser(ctx.auth.project.id, user.user.id);
  return {
    items: rows.map(({ consent, client }) => ({
      client_id: client.clientId,
      client_name: client.name,
      logo_url: client.logoUrl,
      scopes: consent.scopes,
      granted_at_millis: consent.updatedAt.getTime(),
    })),
    is_paginated: false,
  };
};

const revokeMyAuthorizedApp: Handler<typeof c.revokeMyAuthorizedApp> = async (ctx, { params }) => {
  const user = requireUser(ctx.auth);
  const client = await ctx.deps.queries.identityProvider.findClient(ctx.auth.project.id, params.client_id);
  if (!client || !(await revokeConsent(ctx.deps, ctx.auth.project.id, user.user.id, client))) throw statusError("authorizedAppNotFound");
  return { success: true };
};

export const identityProviderHandlers = {
  listOAuthClients,
  createOAuthClient,
  getOAuthClient,
  updateOAuthClient,
  deleteOAuthClient,
  rotateOAuthClientSecret,
  getIdentityProviderSettings,
  updateIdentityProviderSettings,
  listMyAuthorizedApps,
  revokeMyAuthorizedApp,
} satisfies HandlerMap<typeof c.identityProviderProcedures>;
