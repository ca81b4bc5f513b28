/** An unsigned JWT whose payload has `exp` (seconds) when given; the SDK only decodes tokens. */
export function fakeJwt(expiresAtMs?: number, extra: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const payload = expiresAtMs === undefined ? extra : { ...extra, exp: Math.floor(expiresAtMs / 1000) };
  return `${encode({ alg: "ES256" })}.${encode(payload)}.sig`;
}
