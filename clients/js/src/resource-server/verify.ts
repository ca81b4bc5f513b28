/**
 * Local verification of an OAuth access token (RFC 9068 JWT) issued by a Latchkey project: signature by
 * the project's JWKS, issuer, `typ: at+jwt` (so the project's own session tokens are never taken for one),
 * audience (the resource, RFC 8707), expiry, and the claims a resource needs.
 */
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { BearerTokenError } from "./errors.js";

/** A token this resource accepted. */
export interface VerifiedAccessToken {
  /** The token itself (to pass on, e.g. as MCP's `AuthInfo.token`). */
  token: string;
  /** The signed-in user the token acts for; null for a token a client obtained for itself (`client_credentials`). */
  userId: string | null;
  /** The OAuth client the token was issued to. */
  clientId: string;
  /** The scopes granted (the `scope` claim, split). */
  scopes: string[];
  /** Expiry, in seconds since the epoch (the `exp` claim). */
  expiresAt: number;
  /** The resource the token is for (this resource's identifier). */
  resource: string;
  /** Every claim, for anything else the resource reads. */
  claims: JWTPayload;
}

export interface VerifyInput {
  token: string;
  keys: JWTVerifyGetKey;
  issuer: string;
  resource: string;
  now?: () => Date;
  clockToleranceSeconds: number;
}

// The algorithms a project's keys may sign with (all asymmetric; a JWKS never holds a shared secret).
const algorithms = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"];

function refusal(error: unknown): BearerTokenError {
  if (error instanceof errors.JWTExpired) return new BearerTokenError("invalid_token", "the access token has expired");
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case "aud":
        return new BearerTokenError("invalid_token", "the access token is not for this resource");
      case "iss":
        return new BearerTokenError("invalid_token", "the access token was issued by another authorization server");
      case "typ":
        return new BearerTokenError("invalid_token", "not an OAuth access token (typ at+jwt)");
      default:
        return new BearerTokenError("invalid_token", `the access token's ${error.claim} claim is missing or not valid`);
    }
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return new BearerTokenError("invalid_token", "the access token's signature does not verify");
  if (error instanceof errors.JOSEAlgNotAllowed) return new BearerTokenError("invalid_token", "the access token is not signed with an accepted algorithm");
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return new BearerTokenError("invalid_token", "the access token is malformed");
  // The key set could not be fetched (network, timeout): not the token's fault.
  throw error;
}

export async function verifyJwt(input: VerifyInput): Promise<VerifiedAccessToken> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(input.token, input.keys, {
      issuer: input.issuer,
      audience: input.resource,
      typ: "at+jwt",
      algorithms,
      requiredClaims: ["sub", "exp", "iat", "client_id"],
      clockTolerance: input.clockToleranceSeconds,
      ...(input.now ? { currentDate: input.now() } : {}),
    }));
  } catch (error) {
    throw refusal(error);
  }
  const { sub, exp, client_id: clientId, scope } = claims;
  if (typeof clientId !== "string" || typeof sub !== "string" || typeof exp !== "number") throw new BearerTokenError("invalid_token", "the access token's claims are malformed");
  if (scope !== undefined && typeof scope !== "string") throw new BearerTokenError("invalid_token", "the access token's scope claim is malformed");
  return {
    token: input.token,
    // A client_credentials token names its client as the subject (the interface of issue 40).
    userId: sub === clientId ? null : sub,
    clientId,
    scopes: scope ? scope.split(" ").filter(Boolean) : [],
    expiresAt: exp,
    resource: input.resource,
    claims,
  };
}
