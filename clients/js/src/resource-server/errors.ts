/**
 * Why a request was refused, in RFC 6750's terms (section 3.1): each code carries the HTTP status it is
 * answered with. The description names the reason and never the token.
 */
export type BearerErrorCode = "invalid_request" | "invalid_token" | "insufficient_scope";

export const bearerErrorStatus: Record<BearerErrorCode, 400 | 401 | 403> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** A refused bearer token (or a request without one, `code` null). */
export class BearerTokenError extends Error {
  /** The HTTP status to answer with: 401 without a token or with an invalid one, 403 for missing scopes, 400 for a malformed request. */
  readonly status: 400 | 401 | 403;

  constructor(
    /** RFC 6750's error code; null when the request carried no token at all (a plain 401 challenge, no `error`). */
    readonly code: BearerErrorCode | null,
    /** A short reason a developer can act on (RFC 6750's `error_description`). */
    readonly description: string,
    /** For `insufficient_scope`: the scopes the request needs. */
    readonly scope: readonly string[] = [],
  ) {
    super(description);
    this.name = "BearerTokenError";
    this.status = code ? bearerErrorStatus[code] : 401;
  }
}
