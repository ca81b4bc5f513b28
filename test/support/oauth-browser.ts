/**
 * A minimal browser for OAuth flows in HTTP tests: follows redirects (and auto-submitted form posts)
 * between the in-process server and the loopback providers, keeping cookies per host, until the flow
 * leaves for the app (a URL on neither) or something answers without a redirect.
 */
import { createHash, randomBytes } from "node:crypto";
import type { TestInstance } from "./instance.js";

export interface FlowEnd {
  /** The app URL the flow ended at (the redirect URI with `code` and `state`, or the error page). */
  appUrl: URL | null;
  /** The last answer when it was not a redirect to the app. */
  status: number;
  text: string;
  headers: Headers;
}

export const APP_ORIGIN = "http://localhost:3000";
export const APP_CALLBACK = `${APP_ORIGIN}/handler/oauth-callback`;

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizePath(
  providerConfigId: string,
  project: { id: string; keys: { publishableClientKey: string } },
  options: { challenge: string; state: string; redirectUri?: string; extra?: Record<string, string> },
): string {
  const params = new URLSearchParams({
    client_id: project.id,
    client_secret: project.keys.publishableClientKey,
    redirect_uri: options.redirectUri ?? APP_CALLBACK,
    scope: "legacy",
    state: options.state,
    grant_type: "authorization_code",
    code_challenge: options.challenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: `${APP_ORIGIN}/handler/error`,
    ...options.extra,
  });
  return `/auth/oauth/authorize/${providerConfigId}?${params}`;
}

/** Walks a flow from our authorize endpoint (a path under /api/v1) to wherever it leaves for the app. */
export async function walkFlow(lk: TestInstance, startPath: string, maxSteps = 20): Promise<FlowEnd> {
  const apiBase = `${lk.deps.config.publicUrl}/api/v1`;
  const jar = new Map<string, Map<string, string>>();
  let request: { url: string; method: string; body?: string } = { url: `${apiBase}${startPath}`, method: "GET" };
  for (let step = 0; step < maxSteps; step++) {
    const url = new URL(request.url);
    if (url.origin === APP_ORIGIN) return { appUrl: url, status: 0, text: "", headers: new Headers() };
    const cookies = jar.get(url.host) ?? new Map<string, string>();
    const headers: Record<string, string> = {};
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (request.body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    const init = { method: request.method, headers, body: request.body, redirect: "manual" as const };
    const response = request.url.startsWith(apiBase)
      ? await lk.app.request(request.url.slice(lk.deps.config.publicUrl.length), init)
      : await fetch(request.url, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    jar.set(url.host, cookies);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      request = { url: new URL(location, request.url).toString(), method: "GET" };
      continue;
    }
    const text = await response.text();
    const form = /<form method="post" action="([^"]+)">(.*)<\/form>/s.exec(text);
    if (response.status === 200 && form) {
      const fields = new URLSearchParams();
      for (const [, name, value] of form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields.set(name!, value!.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&"));
      const action = new URL(form[1]!, request.url);
      if (action.origin === APP_ORIGIN) return { appUrl: action, status: 0, text: "", headers: new Headers() };
      request = { url: action.toString(), method: "POST", body: fields.toString() };
      continue;
    }
    return { appUrl: null, status: response.status, text, headers: response.headers };
  }
  throw new Error("The OAuth flow did not end");
}

/** Exchanges the code of a finished flow at the token endpoint, as the SDK does (form-encoded, no x-stack headers). */
export async function redeem(lk: TestInstance, project: { id: string; keys: { publishableClientKey: string } }, appUrl: URL, verifier: string, redirectUri = APP_CALLBACK) {
  return lk.call("POST", "/auth/oauth/token", {
    form: true,
    body: {
      grant_type: "authorization_code",
      code: appUrl.searchParams.get("code") ?? "",
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
    },
  });
}
