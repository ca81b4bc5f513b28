/** The latest date a JavaScript Date can hold: the expiry of an access token without `exp`. */
export const maxDate = new Date(8_640_000_000_000_000);

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The payload of a compact JWS, decoded without checking the signature (the SDK only reads `exp`; the
 * server verifies). Throws when the token is not a JWT with a JSON object payload.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new Error("The access token is not a JWT (expected three dot-separated segments)");
  const payload: unknown = JSON.parse(base64UrlDecode(parts[1]!));
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) throw new Error("The access token's payload is not a JSON object");
  return payload as Record<string, unknown>;
}

/** When the access token expires (`exp`); tokens without `exp` are valid until the maximum date. */
export function accessTokenExpiresAt(token: string): Date {
  const { exp } = decodeJwtPayload(token);
  return typeof exp === "number" ? new Date(exp * 1000) : maxDate;
}
