/**
 * Tokens for relying parties, signed with jose and the project's own signing keys (the regular set, so
 * the JWKS at `{issuer}/.well-known/jwks.json` verifies them): access tokens as RFC 9068 JWTs (`typ:
 * at+jwt`, which Latchkey's own API refuses) and OpenID Connect ID tokens.
 */
import { createHash, randomUUID } from "node:crypto";
import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { AppDeps } from "../deps.js";
import type { UserRecord } from "../db/queries/users.js";
import { issuerOf } from "./issuer.js";

export const ACCESS_TOKEN_LIFETIME_S = 3600;
export const ID_TOKEN_LIFETIME_S = 3600;
export const ACCESS_TOKEN_TYPE = "at+jwt";

export interface AccessTokenClaims {
  /** The user id; for client_credentials the client id. */
  sub: string;
  clientId: string;
  scopes: string[];
  resource: string | null;
  /** The user the token stands for (null for client_credentials). */
  userId: string | null;
  /** The grant a user's token belongs to (null for client_credentials): revoking it deactivates the token. */
  grantId: string | null;
}

/** The private claim naming a user token's grant. */
const GRANT_CLAIM = "grant_id";

export async function issueAccessToken(deps: AppDeps, projectId: string, claims: AccessTokenClaims): Promise<string> {
  const key = await deps.signingKeys.current(projectId, "regular");
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  return new SignJWT({ client_id: claims.clientId, scope: claims.scopes.join(" "), ...(claims.grantId !== null && { [GRANT_CLAIM]: claims.grantId }) })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(issuerOf(deps.config.publicUrl, projectId))
    .setSubject(claims.sub)
    .setAudience(claims.resource ?? claims.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_S)
    .setJti(randomUUID())
    .sign(key.privateKey);
}

/** The left half of the SHA-256 of the access token, base64url (OpenID Connect Core 3.1.3.6, for ES256). */
export function atHashOf(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/** The claims `profile` and `email` release about a user (ID token and userinfo). */
export function userClaims(record: UserRecord, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes("profile")) {
    claims.name = record.user.displayName ?? null;
    claims.picture = record.user.profileImageUrl ?? null;
  }
  if (scopes.includes("email")) {
    claims.email = record.primaryEmail?.value ?? null;
    claims.email_verified = record.primaryEmail?.isVerified ?? false;
  }
  return claims;
}

export async function issueIdToken(
  deps: AppDeps,
  projectId: string,
  input: { record: UserRecord; clientId: string; scopes: string[]; nonce: string | null; authTime: Date; accessToken: string },
): Promise<string> {
  const key = await deps.signingKeys.current(projectId, "regular");
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const payload: JWTPayload = {
    ...userClaims(input.record, input.scopes),
    auth_time: Math.floor(input.authTime.getTime() / 1000),
    at_hash: atHashOf(input.accessToken),
    ...(input.nonce !== null && { nonce: input.nonce }),
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(issuerOf(deps.config.publicUrl, projectId))
    .setSubject(input.record.user.id)
    .setAudience(input.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_LIFETIME_S)
    .sign(key.privateKey);
}

export interface VerifiedClientAccessToken {
  sub: string;
  clientId: string;
  scopes: string[];
  aud: string;
  iat: number;
  exp: number;
  jti: string;
  grantId: string | null;
}

/** An access token this project issued to a client, checked (signature, issuer, type, expiry), or null. */
export async function verifyClientAccessToken(deps: AppDeps, projectId: string, token: string): Promise<VerifiedClientAccessToken | null> {
  try {
    const header = decodeProtectedHeader(token);
    if (header.typ !== ACCESS_TOKEN_TYPE || typeof header.kid !== "string") return null;
    const key = await deps.signingKeys.byKid(header.kid);
    if (!key || key.projectId !== projectId) return null;
    const { payload } = await jwtVerify(token, key.publicKey, {
      issuer: issuerOf(deps.config.publicUrl, projectId),
      typ: ACCESS_TOKEN_TYPE,
      algorithms: ["ES256"],
      currentDate: deps.clock.now(),
    });
    if (typeof payload.sub !== "string" || typeof payload.client_id !== "string" || typeof payload.scope !== "string") return null;
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    const grantId = typeof payload[GRANT_CLAIM] === "string" ? payload[GRANT_CLAIM] : null;
    return { sub: payload.sub, clientId: payload.client_id, scopes: payload.scope.split(" ").filter(Boolean), aud: aud ?? "", iat: payload.iat ?? 0, exp: payload.exp ?? 0, jti: payload.jti ?? "", grantId };
  } catch {
    return null;
  }
}

/**
 * Whether a verified token is still backed by what issued it. The JWT alone stays valid until it expires;
 * introspection and userinfo also ask the database: the client still exists, and for a user's token the
 * grant was not revoked (a replayed code or refresh token, RFC 7009 revocation) and the user's consent to
 * the client is the one the grant was made under (withdrawn consent, a deleted user or client: inactive).
 */
export async function stillGranted(deps: AppDeps, projectId: string, token: VerifiedClientAccessToken): Promise<boolean> {
  const ip = deps.queries.identityProvider;
  const client = await ip.findClient(projectId, token.clientId);
  if (!client) return false;
  if (token.sub === token.clientId && token.grantId === null) return client.grantTypes.includes("client_credentials");
  const consent = await ip.findConsent(projectId, token.sub, client.id);
  if (!consent) return false;
  // Tokens from before grant ids were issued (at most an hour old) are judged by the consent alone.
  if (token.grantId === null) return consent.createdAt.getTime() <= token.iat * 1000 + 999;
  const grant = await ip.findGrant(projectId, token.grantId);
  if (!grant || grant.grantRevokedAt !== null || grant.userId !== token.sub || grant.clientRowId !== client.id) return false;
  return grant.consentId === null ? consent.createdAt <= grant.createdAt : grant.consentId === consent.id;
}
