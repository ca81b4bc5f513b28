/**
 * Access tokens: ES256 JWTs naming the user, the project and the session they were minted from.
 * Anonymous users' tokens carry the audience `<project>:anon`, so verifiers that check the audience
 * reject them unless they opt in.
 */
import { knownError } from "../../../contract/known-error.js";
import type { Db } from "../../db/store.js";
import { TtlCache } from "../../db/ttl-cache.js";
import type { Clock } from "../clock.js";
import { decodeJwt, signJwt, verifyEs256 } from "./jwt.js";
import type { SigningKeys } from "./signing-keys.js";

export interface TokenUser {
  id: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  selectedTeamId: string | null;
  isAnonymous: boolean;
}

export interface VerifiedAccessToken {
  userId: string;
  projectId: string;
  sessionId: string;
  isAnonymous: boolean;
  expiresAt: Date;
}

export type TokenKind = "access" | "admin";

export interface AccessTokens {
  /** A new access token; inside a unit of work pass its `db`, so the signing key is never read beside it (SigningKeys.current). */
  issue(projectId: string, user: TokenUser, sessionId: string, db?: Db): Promise<string>;
  /** Checks signature, issuer and expiry; throws the access-token (or admin-token) known errors. */
  verify(token: string, kind: TokenKind): Promise<VerifiedAccessToken>;
  /** Forgets this process's verified tokens of the project (after a key rotation: they are checked again). */
  forgetProject(projectId: string): void;
}

const errors = {
  access: {
    unparsable: () => knownError("UNPARSABLE_ACCESS_TOKEN"),
    expired: (at: number) => knownError("ACCESS_TOKEN_EXPIRED", { expired_at_millis: at }),
  },
  admin: {
    unparsable: () => knownError("UNPARSABLE_ADMIN_ACCESS_TOKEN"),
    // The Stack SDK cannot decode a number here; it only accepts null.
    expired: () => knownError("ADMIN_ACCESS_TOKEN_EXPIRED", { expired_at_millis: null }),
  },
};

/** Verified tokens kept per process; the token text is the key, so a hit proves the same bytes verified. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(keys: SigningKeys, options: { publicUrl: string; lifetimeMs: number }, clock: Clock): AccessTokens {
  const verified = new TtlCache<VerifiedAccessToken>(options.lifetimeMs, VERIFIED_CACHE_SIZE, () => clock.now().getTime());
  const issuer = (projectId: string, anonymous: boolean) =>
    `${options.publicUrl}/api/v1/${anonymous ? "projects-anonymous-users" : "projects"}/${projectId}`;

  return {
    async issue(projectId, user, sessionId, db) {
      // Anonymous users' tokens are signed with the project's anonymous key set (their own `kid`s).
      const key = await keys.current(projectId, user.isAnonymous ? "anonymous" : "regular", db);
      const now = Math.floor(clock.now().getTime() / 1000);
      return signJwt(
        {
          sub: user.id,
          iss: issuer(projectId, user.isAnonymous),
          aud: user.isAnonymous ? `${projectId}:anon` : projectId,
          iat: now,
          exp: now + Math.floor(options.lifetimeMs / 1000),
          project_id: projectId,
          branch_id: "main",
          refresh_token_id: sessionId,
          role: "authenticated",
          name: user.displayName,
          email: user.primaryEmail,
          email_verified: user.primaryEmailVerified,
          selected_team_id: user.selectedTeamId,
          is_anonymous: user.isAnonymous,
        },
        key.kid,
        key.privateKey,
      );
    },

    forgetProject(projectId) {
      verified.deleteWhere((token) => token.projectId === projectId);
    },

    async verify(token, kind) {
      const hit = verified.get(token);
      if (hit) return hit;
      const result = await verifyUncached(token, kind);
      // Never longer than a token's lifetime: a token of a key retired meanwhile is checked again by then.
      verified.set(token, result, Math.min(result.expiresAt.getTime() - clock.now().getTime(), options.lifetimeMs));
      return result;
    },
  };

  async function verifyUncached(token: string, kind: TokenKind): Promise<VerifiedAccessToken> {
    const fail = errors[kind];
    const decoded = decodeJwt(token);
    if (!decoded || decoded.header.alg !== "ES256" || typeof decoded.header.kid !== "string") throw fail.unparsable();
    const key = await keys.byKid(decoded.header.kid);
    if (!key || !(await verifyEs256(decoded, key.publicKey))) throw fail.unparsable();
    const claims = decoded.payload;
    const anonymous = claims.is_anonymous === true;
    const audience = anonymous ? `${key.projectId}:anon` : key.projectId;
    if (
      typeof claims.sub !== "string" ||
      typeof claims.refresh_token_id !== "string" ||
      typeof claims.exp !== "number" ||
      claims.aud !== audience ||
      claims.project_id !== key.projectId ||
      claims.iss !== issuer(key.projectId, anonymous)
    ) {
      throw fail.unparsable();
    }
    const expiresAt = claims.exp * 1000;
    if (expiresAt <= clock.now().getTime()) throw fail.expired(expiresAt);
    // A retired key's honest tokens all expire before it leaves the JWKS; one that claims more was not made here.
    if (key.acceptedUntil && expiresAt > key.acceptedUntil.getTime()) throw fail.unparsable();
    return { userId: claims.sub, projectId: key.projectId, sessionId: claims.refresh_token_id, isAnonymous: anonymous, expiresAt: new Date(expiresAt) };
  }
}
