/**
 * What a provider definition says: where its endpoints are, how our client authenticates at its token
 * endpoint, which scopes sign-in asks for, and how its profile maps onto a user. The protocol itself
 * (PKCE, token requests, ID-token checks) is oauth4webapi's, in ../protocol.ts.
 */
import type { OAuthProviderId } from "../../../../contract/project-config.js";

/** A provider account as sign-in needs it. */
export interface ProviderProfile {
  /** The account's stable id at the provider. */
  accountId: string;
  email: string | null;
  /** True only when the provider vouches that the address belongs to the account holder. */
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

/** The project's settings of a provider that change its endpoints or authorization parameters. */
export interface ProviderOptions {
  microsoftTenantId?: string;
  facebookConfigId?: string;
}

/** What a profile mapping may read: the token response's validated ID-token claims, and GETs with the access token. */
export interface ProfileSource {
  accessToken: string;
  /** Our client id at the provider (Twitch wants it on every API call). */
  clientId: string;
  /** Claims of the ID token, checked by oauth4webapi (issuer, audience, expiry); undefined when none came. */
  idTokenClaims: Record<string, unknown> | undefined;
  /** Extra values of the callback (Apple's one-time `user` form field). */
  callbackParams: URLSearchParams;
  /** GET `url` (a default endpoint of this provider; overrides are applied) with the access token; the JSON answer. */
  getJson(url: string, headers?: Record<string, string>): Promise<unknown>;
}

export interface ProviderDefinition {
  id: OAuthProviderId;
  authorizationEndpoint(options: ProviderOptions): string;
  tokenEndpoint(options: ProviderOptions): string;
  /** `basic`: HTTP Basic client authentication (RFC 6749 §2.3.1); `post`: client_id and client_secret in the body. */
  clientAuth: "basic" | "post";
  /** Whether the provider takes a PKCE challenge (S256). */
  pkce: boolean;
  /** Scopes every sign-in asks for. */
  scopes: readonly string[];
  /** Extra authorization parameters (Google's offline access, Apple's form_post). */
  authorizationParams?(options: ProviderOptions): Record<string, string>;
  /** The `iss` of the provider's ID tokens, when its token endpoint returns one (checked by oauth4webapi). */
  idTokenIssuer?: string;
  /** Repairs a token response that bends RFC 6749 before oauth4webapi reads it. */
  repairTokenResponse?(body: Record<string, unknown>): Record<string, unknown>;
  profile(source: ProfileSource): Promise<ProviderProfile>;
}

/** A JSON object, or an empty one (profile answers are read leniently and checked field by field). */
export function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** A required account id: a non-empty string or a number. */
export function accountIdOf(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value !== "") return value;
  throw new Error("The provider's profile has no account id");
}
