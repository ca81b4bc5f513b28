/** Scopes: the four the server knows, plus the project's own (each standing for a project permission). */
import { standardOAuthScopes } from "../../contract/identity-provider.js";
import type { IdentityProviderSettingsRow } from "../db/queries/identity-provider.js";

export const DEFAULT_CLIENT_SCOPES = ["openid", "profile", "email"];

/** Splits a `scope` parameter (RFC 6749 section 3.3) into its distinct scopes, in order. */
export function parseScope(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(" ").filter((s) => s.length > 0))];
}

/** Every scope a client of this project may be allowed. */
export function knownScopes(settings: Pick<IdentityProviderSettingsRow, "scopes">): Set<string> {
  return new Set([...standardOAuthScopes, ...settings.scopes.map((s) => s.scope)]);
}

/** The consent page's words for a scope. */
export function describeScope(scope: string, settings: Pick<IdentityProviderSettingsRow, "scopes">): string {
  switch (scope) {
    case "openid":
      return "Know who you are (your user id)";
    case "profile":
      return "See your name and profile picture";
    case "email":
      return "See your e-mail address";
    case "offline_access":
      return "Stay connected when you are not using it";
    default:
      return settings.scopes.find((s) => s.scope === scope)?.description || scope;
  }
}

/** Whether `granted` covers every scope of `requested`. */
export function covers(granted: readonly string[], requested: readonly string[]): boolean {
  const set = new Set(granted);
  return requested.every((s) => set.has(s));
}
