import { fakeJwt } from "./jwt.js";
import { LatchkeyAdminApp } from "../apps/admin-app.js";
import { LatchkeyClientApp } from "../apps/client-app.js";

/** A JSON answer. */
export const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
export const known = (code: string, status: number) =>
  new Response(JSON.stringify({ code, error: code }), { headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) } });

export const userJson = { id: "u1", display_name: null, primary_email: "a@example.com", primary_email_verified: true, profile_image_url: null, signed_up_at_millis: 0, client_metadata: null, client_read_only_metadata: null, has_password: true, auth_with_email: true, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [], selected_team: null, selected_team_id: null };
export const serverUserJson = { ...userJson, last_active_at_millis: 0, server_metadata: null, primary_email_auth_enabled: true };
export const teamJson = { id: "t1", display_name: "Lab", profile_image_url: null, client_metadata: null, client_read_only_metadata: null, created_at_millis: 0, server_metadata: null };

/** An owned project as `GET /internal/projects` lists it. */
export const adminProjectJson = (id: string, displayName: string) => ({
  id, display_name: displayName, description: "", created_at_millis: 0, is_production_mode: false, owner_team_id: "t1", logo_url: null, full_logo_url: null,
  config: {
    allow_localhost: true, allow_team_api_keys: false, allow_user_api_keys: false, client_team_creation_enabled: false, client_user_deletion_enabled: false,
    create_team_on_sign_up: false, credential_enabled: true, domains: [], email_config: { type: "shared" }, email_theme: "default", enabled_oauth_providers: [],
    magic_link_enabled: false, oauth_account_merge_strategy: "link_method", oauth_providers: [], passkey_enabled: false, sign_up_enabled: true,
    branding: { primary_color: null, dark_logo_url: null },
    team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [],
  },
});

export interface Logged {
  key: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Route = (request: Logged) => Response;

/**
 * A fake API server over the SDK's `fetch` option: routes by "METHOD /path" (without /api/v1), logging
 * each request's URL, headers and JSON body; makes client apps (with tokens) and admin apps.
 */
export function fakeServer(routes: Record<string, Route>) {
  const log: Logged[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
    const request = { key, url, headers: (init?.headers ?? {}) as Record<string, string>, body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined };
    log.push(request);
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(request);
  };
  const options = { baseUrl: "https://auth.example.com", projectId: "p1", publishableClientKey: "pck_1", fetch: fetchImpl as typeof fetch };
  return {
    log,
    client: (tokenStore: { accessToken: string; refreshToken: string }) => new LatchkeyClientApp({ ...options, tokenStore }),
    admin: () => new LatchkeyAdminApp({ ...options, secretServerKey: "ssk_1", superSecretAdminKey: "sak_1", tokenStore: "memory" }),
  };
}


/** Tokens of a signed-in session whose access token is fresh for 10 minutes. */
export const signedInTokens = () => ({ accessToken: fakeJwt(Date.now() + 600_000), refreshToken: "r1" });
