/** Answers in the OAuth wire format (RFC 6749 section 5.2): JSON, no caching, CORS open for browser-based clients. */
export const OAUTH_JSON_HEADERS = {
  "content-type": "application/json",
  "cache-control": "no-store",
  pragma: "no-cache",
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "www-authenticate",
};

export function oauthJson(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...OAUTH_JSON_HEADERS, ...extra } });
}

export function oauthError(error: string, description: string, status = 400, extra: Record<string, string> = {}): Response {
  return oauthJson({ error, error_description: description }, status, extra);
}

/** A form body (application/x-www-form-urlencoded), or null for other content types. */
export async function readForm(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  const text = await request.text();
  if (text.length > 64 * 1024) return null;
  return new URLSearchParams(text);
}
