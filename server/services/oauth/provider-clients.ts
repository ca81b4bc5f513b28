/**
 * A project's configured provider, ready to talk to: its definition (a preset, or a custom OpenID
 * Connect provider found by discovery), its endpoints after the server's overrides, and the client
 * credentials to use (the project's own, or the server's for `shared` providers).
 */
import * as oauth from "oauth4webapi";
import { knownError } from "../../../contract/known-error.js";
import { oauthProviderIds, type OAuthProviderId } from "../../../contract/project-config.js";
import type { OAuthServerConfig } from "../../config.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import { TtlCache } from "../../db/ttl-cache.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { appleClientSecret } from "./apple-secret.js";
import { providerRequestOptions, type ProviderRequestOptions } from "./provider-fetch.js";
import { providerDefinitions } from "./providers/index.js";
import { asObject, stringOrNull, type ProfileSource, type ProviderProfile } from "./providers/types.js";

export type ProviderType = OAuthProviderId | "oidc";

export interface ProviderClient {
  /** The key under `auth.oauth.providers`. */
  configId: string;
  type: ProviderType;
  isShared: boolean;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  clientId: string;
  clientSecret: string;
  /** The endpoints as oauth4webapi takes them (overrides applied). */
  server: oauth.AuthorizationServer;
  clientAuth: "basic" | "post";
  pkce: boolean;
  scopes: readonly string[];
  authorizationParams: Record<string, string>;
  repairTokenResponse?: (body: Record<string, unknown>) => Record<string, unknown>;
  profile(source: ProfileSource): Promise<ProviderProfile>;
  /** A default endpoint URL of this provider, pointed where the server's configuration says. */
  endpoint(url: string): string;
  /** oauth4webapi's options for a call to `url` (./provider-fetch.ts: address checks, timeout). */
  requestOptions(url: string): ProviderRequestOptions;
}

type ProviderConfig = ReturnType<typeof renderProjectConfig>["auth"]["oauth"]["providers"][string];

/** The provider a project configured under `configId`; OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED when it has none. */
export async function providerClient(deps: AppDeps, project: ProjectRow, configId: string): Promise<ProviderClient> {
  const config = Object.hasOwn(renderProjectConfig(project).auth.oauth.providers, configId)
    ? renderProjectConfig(project).auth.oauth.providers[configId]
    : undefined;
  if (!config?.type) throw knownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const credentials = { ...credentialsOf(deps.config.oauth, config) };
  if (config.type === "apple") {
    // A configured signing key becomes a freshly signed secret (./apple-secret.ts); a bad key makes the provider unusable.
    credentials.clientSecret = await appleClientSecret(credentials.clientSecret, credentials.clientId, deps.clock.now()).catch(() => {
      throw statusError("oauthProviderFailed");
    });
  }
  const policy = { allowPrivateOutbound: deps.config.allowPrivateOutbound, oauth: deps.config.oauth };
  const common = {
    configId,
    requestOptions: (url: string) => providerRequestOptions(policy, url),
    isShared: config.isShared,
    allowSignIn: config.allowSignIn,
    allowConnectedAccounts: config.allowConnectedAccounts,
    ...credentials,
  };
  if (config.type === "oidc") return { ...common, ...(await oidcProvider(config, common.requestOptions)) };

  const definition = providerDefinitions[config.type];
  const options = { microsoftTenantId: config.microsoftTenantId, facebookConfigId: config.facebookConfigId };
  const endpoint = (url: string) => overrideEndpoint(url, config.type!, deps.config.oauth);
  const tokenEndpoint = endpoint(definition.tokenEndpoint(options));
  return {
    ...common,
    type: definition.id,
    server: {
      issuer: definition.idTokenIssuer ?? new URL(tokenEndpoint).origin,
      authorization_endpoint: endpoint(definition.authorizationEndpoint(options)),
      token_endpoint: tokenEndpoint,
    },
    clientAuth: definition.clientAuth,
    pkce: definition.pkce,
    scopes: definition.scopes,
    authorizationParams: definition.authorizationParams?.(options) ?? {},
    repairTokenResponse: definition.repairTokenResponse,
    profile: (source) => definition.profile({ ...source, getJson: (url, headers) => source.getJson(endpoint(url), headers) }),
    endpoint,
  };
}

function credentialsOf(server: OAuthServerConfig, config: ProviderConfig): { clientId: string; clientSecret: string } {
  if (!config.isShared) return { clientId: config.clientId ?? "", clientSecret: config.clientSecret ?? "" };
  const shared = Object.hasOwn(server.sharedCredentials, config.type!) ? server.sharedCredentials[config.type!] : undefined;
  if (!shared || config.type === "oidc") throw statusError("sharedOAuthCredentialsMissing", { providerId: config.type! });
  return shared;
}

/**
 * `url` with its scheme and host replaced by the base URL configured for `providerId` (or for `*`, as
 * `<base>/<providerId>`); the path and query are kept after the base URL's own path.
 *
 * @example
 * overrideEndpoint("https://github.com/login/oauth/authorize", "github", { providerBaseUrls: { github: "http://127.0.0.1:4010/gh" }, sharedCredentials: {} });
 * // "http://127.0.0.1:4010/gh/login/oauth/authorize"
 */
export function overrideEndpoint(url: string, providerId: string, config: OAuthServerConfig): string {
  const bases = config.providerBaseUrls;
  const base = Object.hasOwn(bases, providerId) ? bases[providerId] : Object.hasOwn(bases, "*") ? `${bases["*"]}/${providerId}` : undefined;
  if (base === undefined) return url;
  const original = new URL(url);
  return `${base.replace(/\/+$/, "")}${original.pathname}${original.search}`;
}

// ---- Custom OpenID Connect providers ------------------------------------------------------------

/** Discovery documents by issuer; a provider's endpoints rarely move, and a restart forgets them. */
const discovered = new TtlCache<oauth.AuthorizationServer>(10 * 60 * 1000, 1000, () => Date.now());

/** What a provider's kind decides (the rest comes from the project's config). */
type ProviderParts = Omit<ProviderClient, "configId" | "isShared" | "allowSignIn" | "allowConnectedAccounts" | "clientId" | "clientSecret" | "requestOptions">;

async function oidcProvider(config: ProviderConfig, requestOptions: ProviderClient["requestOptions"]): Promise<ProviderParts> {
  if (!config.issuerUrl) throw knownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const server = await discover(config.issuerUrl, requestOptions);
  const methods = server.token_endpoint_auth_methods_supported;
  return {
    type: "oidc",
    server,
    clientAuth: methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post") ? "post" : "basic",
    pkce: true,
    scopes: ["openid", "email", "profile"],
    authorizationParams: {},
    async profile({ idTokenClaims, getJson }) {
      // The userinfo answer may add what the ID token left out; its `sub` must be the ID token's.
      const claims = { ...(server.userinfo_endpoint ? asObject(await getJson(server.userinfo_endpoint)) : {}), ...idTokenClaims };
      if (typeof idTokenClaims?.sub !== "string") throw new Error("The OpenID Connect provider sent no ID token");
      return {
        accountId: idTokenClaims.sub,
        email: stringOrNull(claims.email),
        emailVerified: claims.email_verified === true,
        displayName: stringOrNull(claims.name) ?? stringOrNull(claims.preferred_username),
        profileImageUrl: stringOrNull(claims.picture),
      };
    },
    endpoint: (url) => url,
  };
}

async function discover(issuerUrl: string, requestOptions: ProviderClient["requestOptions"]): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(issuerUrl);
  if (cached) return cached;
  const issuer = new URL(issuerUrl);
  let server: oauth.AuthorizationServer;
  try {
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(issuer.href) });
    server = await oauth.processDiscoveryResponse(issuer, response);
  } catch {
    // Unreachable, refused (a private address) or not a discovery document: the provider cannot be used.
    throw statusError("oauthProviderFailed");
  }
  discovered.set(issuerUrl, server);
  return server;
}

export function isProviderType(value: string): value is ProviderType {
  return value === "oidc" || (oauthProviderIds as readonly string[]).includes(value);
}
