import { LatchkeyClientApp } from "@latchkey/js";

// One fixture for both packages' tests.
export { adminProjectJson } from "../../../js/src/test-support/fake-server.js";

/** An unsigned JWT with `exp`; the SDK only decodes access tokens. */
export function fakeJwt(expiresAtMs: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "ES256" })}.${encode({ exp: Math.floor(expiresAtMs / 1000) })}.sig`;
}

export const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
export const known = (code: string, status: number) =>
  new Response(JSON.stringify({ code, error: code }), { headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) } });

export const userJson = { id: "u1", display_name: "Ada", primary_email: "ada@example.com", primary_email_verified: true, profile_image_url: null, signed_up_at_millis: 0, client_metadata: null, client_read_only_metadata: null, has_password: true, auth_with_email: true, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [], selected_team: null, selected_team_id: null };

export const projectJson = { id: "p1", display_name: "Demo", config: { allow_team_api_keys: false, allow_user_api_keys: true, client_team_creation_enabled: true, client_user_deletion_enabled: false, credential_enabled: true, enabled_oauth_providers: [{ id: "github" }], magic_link_enabled: false, passkey_enabled: false, sign_up_enabled: true } };

export type Route = (init: RequestInit, url: URL) => Response | Promise<Response>;

/** A client app whose requests go to `routes` ("METHOD /path" without /api/v1); unknown routes throw. */
export function fakeApp(routes: Record<string, Route>, options: { redirectMethod?: { navigate?: (to: string) => void; useNavigate?: () => (to: string) => void } } = {}) {
  const log: string[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
    log.push(key);
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {}, url);
  };
  const app = new LatchkeyClientApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", tokenStore: "memory", fetch: fetchImpl as typeof fetch, ...options });
  return { app, log };
}
