/** Response headers every answer gets, and the request size limit. */

/** Largest request body: a profile image may be a 1,000,000-character data URL inside JSON. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Security headers of API answers, the set OWASP's REST Security Cheat Sheet asks of JSON APIs:
 * nothing may be framed, sniffed or leak a referrer, and the content security policy allows nothing.
 * The API is meant to be called from other origins, so its resources may be read cross-origin (CORS
 * decides who may read them). HSTS when served over HTTPS. Every header costs time on every answer,
 * so headers that only matter for documents (below) are left out here. No Cross-Origin-Resource-Policy:
 * `cross-origin` would only restate the default, and Stack's backend sends none (COMPATIBILITY.md).
 */
export function apiSecurityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return Object.freeze({
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    ...(publicUrl.startsWith("https:") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  });
}

/** Security headers of everything else (pages, health, tRPC): the API's, plus the ones documents need. */
export function documentSecurityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return Object.freeze({
    ...apiSecurityHeaders(publicUrl),
    "cross-origin-opener-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  });
}

/** Answers are per caller: never cached by browsers or proxies unless a route says otherwise. */
export const NO_STORE = "no-store, max-age=0";
