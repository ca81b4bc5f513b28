/**
 * OAuth clients of the project as an identity provider: registration by an admin or by the client itself
 * (RFC 7591), changes, secret rotation, and the checks every client passes (redirect URIs, scopes, grants).
 */
import { randomUUID } from "node:crypto";
import type { OAuthGrantType } from "../db/tables/identity-provider.js";
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { recordEvent, type EventActor } from "../services/events.js";
import { hashSecret, lastFour, randomCode } from "../services/secrets.js";
import { oauthClientToJson } from "./client-view.js";
import { DEFAULT_CLIENT_SCOPES, knownScopes } from "./scopes.js";

export interface ClientFields {
  name: string;
  logoUrl: string | null;
  type: "confidential" | "public";
  redirectUris: string[];
  allowedScopes: string[];
  grantTypes: OAuthGrantType[];
}

/** Why a redirect URI cannot be registered, or null: https, http on a loopback host, or a native app's private-use scheme. */
export function redirectUriRefusal(uri: string, type: "confidential" | "public"): string | null {
  if (!URL.canParse(uri)) return "a redirect URI is not a valid URL";
  const url = new URL(uri);
  if (url.hash) return "a redirect URI must not have a fragment";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) ? null : "http redirect URIs are allowed on localhost only";
  // Private-use schemes (RFC 8252 section 7.1): reverse domain names, for native apps, which are public clients.
  if (type === "public" && /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol)) return null;
  return "a redirect URI must use https, http on localhost, or (public clients) a reverse-domain private-use scheme";
}

/** Throws oauthClientInvalid unless the fields make a usable client (redirect URIs, known scopes, grants fit the type). */
export function checkClientFields(fields: ClientFields, scopes: Set<string>): void {
  for (const uri of fields.redirectUris) {
    const refusal = redirectUriRefusal(uri, fields.type);
    if (refusal) throw statusError("oauthClientInvalid", { reason: refusal });
  }
  const unknown = fields.allowedScopes.filter((s) => !scopes.has(s));
  if (unknown.length > 0) throw statusError("oauthClientInvalid", { reason: `unknown scope ${unknown[0]}` });
  if (fields.grantTypes.includes("client_credentials") && fields.type === "public") {
    throw statusError("oauthClientInvalid", { reason: "public clients cannot use client_credentials" });
  }
  if (fields.grantTypes.includes("authorization_code") && fields.redirectUris.length === 0) {
    throw statusError("oauthClientInvalid", { reason: "the authorization_code grant needs at least one redirect URI" });
  }
}

const newSecret = () => `lks_${randomCode(256)}`;

export async function createClient(
  deps: AppDeps,
  projectId: string,
  input: Omit<ClientFields, "allowedScopes" | "grantTypes"> & Partial<Pick<ClientFields, "allowedScopes" | "grantTypes">>,
  registeredBy: OAuthClientRow["registeredBy"],
  actor: EventActor | null,
): Promise<{ row: OAuthClientRow; secret: string | null }> {
  const fields: ClientFields = {
    ...input,
    allowedScopes: [...new Set(input.allowedScopes ?? DEFAULT_CLIENT_SCOPES)],
    grantTypes: [...new Set(input.grantTypes ?? (["authorization_code", "refresh_token"] as OAuthGrantType[]))],
  };
  checkClientFields(fields, knownScopes(await deps.queries.identityProvider.settings(projectId)));
  const secret = fields.type === "confidential" ? newSecret() : null;
  const now = deps.clock.now();
  const row = await deps.store.transaction(async (tx) => {
    const created = await deps.queries.identityProvider.insertClient(
      {
        id: randomUUID(),
        projectId,
        clientId: `lkc_${randomCode(160)}`,
        ...fields,
        secretHash: secret ? hashSecret(secret) : null,
        secretLastFour: secret ? lastFour(secret) : null,
        registeredBy,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    await recordEvent(deps, tx, "oauth_client.created", () => oauthClientToJson(created), { projectId, actor });
    return created;
  });
  return { row, secret };
}

export async function getClientOrThrow(deps: AppDeps, projectId: string, clientId: string, db?: Db): Promise<OAuthClientRow> {
  const row = await deps.queries.identityProvider.findClient(projectId, clientId, db);
  if (!row) throw statusError("oauthClientNotFound");
  return row;
}

export async function updateClient(deps: AppDeps, projectId: string, clientId: string, patch: Partial<Omit<ClientFields, "type">>, actor: EventActor | null): Promise<OAuthClientRow> {
  const current = await getClientOrThrow(deps, projectId, clientId);
  const fields: ClientFields = {
    name: patch.name ?? current.name,
    logoUrl: patch.logoUrl !== undefined ? patch.logoUrl : current.logoUrl,
    type: current.type,
    redirectUris: patch.redirectUris ?? current.redirectUris,
    allowedScopes: patch.allowedScopes ? [...new Set(patch.allowedScopes)] : current.allowedScopes,
    grantTypes: patch.grantTypes ? [...new Set(patch.grantTypes)] : current.grantTypes,
  };
  checkClientFields(fields, knownScopes(await deps.queries.identityProvider.settings(projectId)));
  return deps.store.transaction(async (tx) => {
    const updated = await deps.queries.identityProvider.updateClient(projectId, clientId, { ...fields, updatedAt: deps.clock.now() }, tx);
    if (!updated) throw statusError("oauthClientNotFound");
    await recordEvent(deps, tx, "oauth_client.updated", () => oauthClientToJson(updated), { projectId, actor });
    return updated;
  });
}

export async function deleteClient(deps: AppDeps, projectId: string, clientId: string, actor: EventActor): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.identityProvider.deleteClient(projectId, clientId, tx))) throw statusError("oauthClientNotFound");
    await recordEvent(deps, tx, "oauth_client.deleted", { client_id: clientId }, { projectId, actor });
  });
}

export async function rotateClientSecret(deps: AppDeps, projectId: string, clientId: string, actor: EventActor | null): Promise<{ row: OAuthClientRow; secret: string }> {
  const current = await getClientOrThrow(deps, projectId, clientId);
  if (current.type !== "confidential") throw statusError("oauthClientInvalid", { reason: "public clients have no secret" });
  const secret = newSecret();
  const row = await deps.store.transaction(async (tx) => {
    const rotated = await deps.queries.identityProvider.updateClient(projectId, clientId, { secretHash: hashSecret(secret), secretLastFour: lastFour(secret), updatedAt: deps.clock.now() }, tx);
    if (!rotated) throw statusError("oauthClientNotFound");
    await recordEvent(deps, tx, "oauth_client.secret_rotated", { client_id: clientId, secret_last_four: lastFour(secret) }, { projectId, actor });
    return rotated;
  });
  return { row, secret };
}
