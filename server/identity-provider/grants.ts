/**
 * What the user grants: consents (remembered per user, client and scope set) and one-time authorization
 * codes, and their redemption with refresh-token rotation (a used refresh token or code presented again
 * revokes the whole grant).
 */
import { createHash, randomUUID } from "node:crypto";
import type { OAuthClientRow, OAuthCodeRow, OAuthRefreshTokenRow } from "../db/queries/identity-provider.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { recordEvent } from "../services/events.js";
import { hashSecret, randomCode, safeEqual } from "../services/secrets.js";
import type { AuthorizationRequest } from "./authorization-request.js";

export const CODE_LIFETIME_MS = 60_000;
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600_000;

export async function grantConsent(deps: AppDeps, projectId: string, userId: string, client: OAuthClientRow, scopes: string[]): Promise<void> {
  const now = deps.clock.now();
  await deps.store.transaction(async (tx) => {
    const existing = await deps.queries.identityProvider.findConsent(projectId, userId, client.id, tx);
    const granted = [...new Set([...(existing?.scopes ?? []), ...scopes])].sort();
    await deps.queries.identityProvider.upsertConsent({ id: randomUUID(), projectId, clientRowId: client.id, userId, scopes: granted, createdAt: now, updatedAt: now }, tx);
    await recordEvent(deps, tx, "oauth_consent.granted", { user_id: userId, client_id: client.clientId, scopes: granted }, { projectId, actor: { accessType: "client", userId } });
  });
}

/** Withdraws a consent and every refresh token of the user for that client; false when there was none. */
export async function revokeConsent(deps: AppDeps, projectId: string, userId: string, client: OAuthClientRow): Promise<boolean> {
  return deps.store.transaction(async (tx) => {
    const consent = await deps.queries.identityProvider.findConsent(projectId, userId, client.id, tx);
    if (!consent) return false;
    await deps.queries.identityProvider.deleteConsent(projectId, userId, client.id, tx);
    await deps.queries.identityProvider.revokeUserClientTokens(projectId, userId, client.id, deps.clock.now(), tx);
    await recordEvent(deps, tx, "oauth_consent.revoked", { user_id: userId, client_id: client.clientId, scopes: consent.scopes }, { projectId, actor: { accessType: "client", userId } });
    return true;
  });
}

/** A new one-time code for the request, for the user who signed in at `authTime`. */
export async function issueCode(deps: AppDeps, request: AuthorizationRequest, client: OAuthClientRow, userId: string, authTime: Date): Promise<string> {
  const code = randomCode(256);
  const now = deps.clock.now();
  const consent = await deps.queries.identityProvider.findConsent(request.projectId, userId, client.id);
  await deps.queries.identityProvider.insertCode({
    id: randomUUID(),
    projectId: request.projectId,
    clientRowId: client.id,
    userId,
    codeHash: hashSecret(code),
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    nonce: request.nonce,
    scopes: request.scopes,
    resource: request.resource,
    authTime,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    grantId: randomUUID(),
    consentId: consent?.id ?? null,
  });
  return code;
}

export type Redeemed<T> = { ok: true; value: T } | { ok: false; description: string };

/** Checks a PKCE verifier against its S256 challenge (RFC 7636 section 4.6). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return safeEqual(createHash("sha256").update(verifier).digest("base64url"), challenge);
}

/** Redeems a code of `client`: one time, unexpired, the same redirect URI, the right verifier. A replay revokes the grant. */
export async function redeemCode(
  deps: AppDeps,
  projectId: string,
  client: OAuthClientRow,
  input: { code: string; redirectUri: string | null; verifier: string | null },
): Promise<Redeemed<OAuthCodeRow>> {
  const ip = deps.queries.identityProvider;
  const row = await ip.findCode(projectId, hashSecret(input.code));
  // Another client's code is answered as an unknown one.
  if (!row || row.clientRowId !== client.id) return { ok: false, description: "the code is not valid" };
  const now = deps.clock.now();
  if (row.usedAt) {
    await ip.revokeGrant(projectId, row.grantId, now);
    return { ok: false, description: "the code was used already; the tokens issued for it are revoked" };
  }
  if (row.expiresAt <= now) return { ok: false, description: "the code has expired" };
  if (input.redirectUri !== row.redirectUri) return { ok: false, description: "redirect_uri differs from the authorization request's" };
  if (!input.verifier || !verifierMatches(input.verifier, row.codeChallenge)) return { ok: false, description: "code_verifier does not match the code_challenge" };
  if (!(await ip.useCode(projectId, row.id, now))) {
    await ip.revokeGrant(projectId, row.grantId, now);
    return { ok: false, description: "the code was used already" };
  }
  return { ok: true, value: row };
}

export async function issueRefreshToken(
  deps: AppDeps,
  grant: { projectId: string; clientRowId: string; userId: string; grantId: string; scopes: string[]; resource: string | null; authTime: Date },
  db?: Db,
): Promise<string> {
  const token = `lkr_${randomCode(256)}`;
  const now = deps.clock.now();
  await deps.queries.identityProvider.insertRefreshToken(
    { id: randomUUID(), ...grant, tokenHash: hashSecret(token), createdAt: now, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS) },
    db,
  );
  return token;
}

/** Rotates a refresh token of `client`: the old one is spent, a new one of the same grant is returned. Reuse revokes the grant. */
export async function rotateRefreshToken(deps: AppDeps, projectId: string, client: OAuthClientRow, token: string): Promise<Redeemed<{ row: OAuthRefreshTokenRow; next: string }>> {
  const ip = deps.queries.identityProvider;
  const row = await ip.findRefreshToken(projectId, hashSecret(token));
  if (!row || row.clientRowId !== client.id) return { ok: false, description: "the refresh token is not valid" };
  const now = deps.clock.now();
  if (row.revokedAt) return { ok: false, description: "the refresh token is revoked" };
  if (row.usedAt) {
    await ip.revokeGrant(projectId, row.grantId, now);
    return { ok: false, description: "the refresh token was used already; its grant is revoked" };
  }
  if (row.expiresAt <= now) return { ok: false, description: "the refresh token has expired" };
  const next = await deps.store.transaction(async (tx) => {
    if (!(await ip.useRefreshToken(projectId, row.id, now, tx))) return null;
    return issueRefreshToken(deps, { projectId, clientRowId: row.clientRowId, userId: row.userId, grantId: row.grantId, scopes: row.scopes, resource: row.resource, authTime: row.authTime }, tx);
  });
  if (next === null) {
    await ip.revokeGrant(projectId, row.grantId, now);
    return { ok: false, description: "the refresh token was used already; its grant is revoked" };
  }
  return { ok: true, value: { row, next } };
}

/** Revokes the grant of a refresh token of `client` (RFC 7009); unknown tokens are ignored. */
export async function revokeRefreshToken(deps: AppDeps, projectId: string, client: OAuthClientRow, token: string): Promise<void> {
  const row = await deps.queries.identityProvider.findRefreshToken(projectId, hashSecret(token));
  if (row && row.clientRowId === client.id) await deps.queries.identityProvider.revokeGrant(projectId, row.grantId, deps.clock.now());
}
