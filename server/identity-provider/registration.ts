/** Dynamic client registration metadata (RFC 7591 section 2), read into a client's fields. */
import type { ClientFields } from "./clients.js";
import { redirectUriRefusal } from "./clients.js";
import { DEFAULT_CLIENT_SCOPES, parseScope } from "./scopes.js";

export type RegistrationInput = { ok: true; fields: ClientFields } | { ok: false; error: "invalid_redirect_uri" | "invalid_client_metadata"; description: string };

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

export function registrationInput(body: unknown, scopes: Set<string>): RegistrationInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "invalid_client_metadata", description: "the body must be a JSON object" };
  const m = body as Record<string, unknown>;
  const bad = (description: string): RegistrationInput => ({ ok: false, error: "invalid_client_metadata", description });
  if (!isStringArray(m.redirect_uris) || m.redirect_uris.length === 0 || m.redirect_uris.length > 20) return { ok: false, error: "invalid_redirect_uri", description: "redirect_uris must list 1 to 20 URIs" };
  const method = m.token_endpoint_auth_method ?? "client_secret_basic";
  if (method !== "none" && method !== "client_secret_basic" && method !== "client_secret_post") return bad("token_endpoint_auth_method must be none, client_secret_basic or client_secret_post");
  const type = method === "none" ? "public" : "confidential";
  for (const uri of m.redirect_uris) {
    const refusal = uri.length > 2000 ? "a redirect URI is too long" : redirectUriRefusal(uri, type);
    if (refusal) return { ok: false, error: "invalid_redirect_uri", description: refusal };
  }
  const grantTypes = m.grant_types === undefined ? ["authorization_code", "refresh_token"] : m.grant_types;
  if (!isStringArray(grantTypes) || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token" && g !== "client_credentials")) {
    return bad("grant_types may hold authorization_code, refresh_token and client_credentials");
  }
  if (m.response_types !== undefined && !(isStringArray(m.response_types) && m.response_types.every((r) => r === "code"))) return bad("response_types may only hold code");
  if (m.scope !== undefined && typeof m.scope !== "string") return bad("scope must be a string");
  const asked = m.scope === undefined ? [...DEFAULT_CLIENT_SCOPES, "offline_access"] : parseScope(m.scope);
  if (asked.some((s) => !scopes.has(s))) return bad("scope names a scope this project does not offer");
  const name = typeof m.client_name === "string" && m.client_name.trim() ? m.client_name.trim().slice(0, 200) : "Unnamed app";
  const logo = typeof m.logo_uri === "string" && URL.canParse(m.logo_uri) && new URL(m.logo_uri).protocol === "https:" && m.logo_uri.length <= 2000 ? m.logo_uri : null;
  return { ok: true, fields: { name, logoUrl: logo, type, redirectUris: [...new Set(m.redirect_uris)], allowedScopes: asked, grantTypes: [...new Set(grantTypes)] as ClientFields["grantTypes"] } };
}
