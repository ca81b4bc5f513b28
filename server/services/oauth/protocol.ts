/**
 * Our side of OAuth 2.0 with each provider, on oauth4webapi: the authorization URL (PKCE S256 where the
 * provider takes it), the callback's checks, the code exchange (with the ID token's claims checked when
 * one comes), refreshes, and profile reads with the access token.
 */
import * as oauth from "oauth4webapi";
import type { Clock } from "../clock.js";
import type { ProviderClient } from "./provider-clients.js";
import type { ProviderProfile } from "./providers/types.js";

/** Tokens a provider granted, as connected accounts keep them. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Null when the provider named no lifetime. */
  expiresAt: Date | null;
  /** The scopes granted (as the provider reported them, else as asked for). */
  scopes: string[];
  idTokenClaims: Record<string, unknown> | undefined;
}

/** The provider answered the callback with an error (`access_denied` when the user said no). */
export class ProviderDeniedError extends Error {
  constructor(readonly error: string) {
    super(`The provider answered ${error}`);
  }
}

/** The provider's answer could not be used (malformed, wrong state or issuer, failed exchange). */
export class ProviderFailedError extends Error {}

const clientOf = (provider: ProviderClient, clock: Clock): oauth.Client => ({
  client_id: provider.clientId,
  // Validations use the server's clock, so tests with a moved clock agree with the provider's timestamps.
  [oauth.clockSkew]: Math.round((clock.now().getTime() - Date.now()) / 1000),
});

const authOf = (provider: ProviderClient) =>
  provider.clientAuth === "post" ? oauth.ClientSecretPost(provider.clientSecret) : oauth.ClientSecretBasic(provider.clientSecret);

export function scopesFor(provider: ProviderClient, extra: string | null): string[] {
  return [...new Set([...provider.scopes, ...(extra ?? "").split(" ").filter(Boolean)])];
}

/** The provider's authorization URL for one flow. */
export async function authorizationUrl(
  provider: ProviderClient,
  input: { redirectUri: string; state: string; codeVerifier: string; nonce: string | null; scopes: string[] },
): Promise<string> {
  const url = new URL(provider.server.authorization_endpoint!);
  const params = url.searchParams;
  params.set("response_type", "code");
  params.set("client_id", provider.clientId);
  params.set("redirect_uri", input.redirectUri);
  params.set("state", input.state);
  if (input.nonce !== null) params.set("nonce", input.nonce);
  if (input.scopes.length > 0 && !provider.authorizationParams.config_id) params.set("scope", input.scopes.join(" "));
  if (provider.pkce) {
    params.set("code_challenge", await oauth.calculatePKCECodeChallenge(input.codeVerifier));
    params.set("code_challenge_method", "S256");
  }
  for (const [name, value] of Object.entries(provider.authorizationParams)) params.set(name, value);
  return url.toString();
}

/** Checks the callback (state, issuer, error) and exchanges its code for tokens. */
export async function exchangeCode(
  provider: ProviderClient,
  clock: Clock,
  input: { callbackParams: URLSearchParams; state: string; redirectUri: string; codeVerifier: string; nonce: string | null; scopes: string[] },
): Promise<ProviderTokens> {
  const client = clientOf(provider, clock);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(provider.server, client, input.callbackParams, input.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) throw new ProviderDeniedError(error.error);
    throw new ProviderFailedError("The provider's callback was not valid", { cause: error });
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      provider.server, client, authOf(provider), params, input.redirectUri, provider.pkce ? input.codeVerifier : oauth.nopkce,
      provider.requestOptions(provider.server.token_endpoint!),
    );
    // With a nonce sent, the ID token must come and carry it (oauth4webapi checks both).
    const expectations = input.nonce === null ? {} : { expectedNonce: input.nonce, requireIdToken: true };
    const result = await oauth.processAuthorizationCodeResponse(provider.server, client, await repaired(provider, response), expectations);
    return tokensOf(result, clock, input.scopes);
  } catch (error) {
    throw new ProviderFailedError("The provider's token endpoint refused the code", { cause: error });
  }
}

/** New tokens for a stored refresh token. */
export async function refreshTokens(provider: ProviderClient, clock: Clock, refreshToken: string, scopes: string[]): Promise<ProviderTokens> {
  const client = clientOf(provider, clock);
  try {
    const response = await oauth.refreshTokenGrantRequest(provider.server, client, authOf(provider), refreshToken, provider.requestOptions(provider.server.token_endpoint!));
    const result = await oauth.processRefreshTokenResponse(provider.server, client, await repaired(provider, response));
    return tokensOf(result, clock, scopes);
  } catch (error) {
    throw new ProviderFailedError("The provider refused the refresh token", { cause: error });
  }
}

/** The provider account behind an access token. */
export async function fetchProfile(provider: ProviderClient, tokens: ProviderTokens, callbackParams: URLSearchParams): Promise<ProviderProfile> {
  const getJson = async (url: string, headers: Record<string, string> = {}) => {
    const response = await oauth.protectedResourceRequest(
      tokens.accessToken, "GET", new URL(url), new Headers({ accept: "application/json", ...headers }), null, provider.requestOptions(url),
    );
    if (!response.ok) throw new ProviderFailedError(`The provider's profile endpoint answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  try {
    return await provider.profile({ accessToken: tokens.accessToken, clientId: provider.clientId, idTokenClaims: tokens.idTokenClaims, callbackParams, getJson });
  } catch (error) {
    if (error instanceof ProviderFailedError) throw error;
    throw new ProviderFailedError("The provider's profile could not be read", { cause: error });
  }
}

async function repaired(provider: ProviderClient, response: Response): Promise<Response> {
  if (!provider.repairTokenResponse || !response.ok) return response;
  const body = provider.repairTokenResponse((await response.json()) as Record<string, unknown>);
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

function tokensOf(result: oauth.TokenEndpointResponse, clock: Clock, asked: string[]): ProviderTokens {
  const claims = oauth.getValidatedIdTokenClaims(result);
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    expiresAt: typeof result.expires_in === "number" ? new Date(clock.now().getTime() + result.expires_in * 1000) : null,
    scopes: typeof result.scope === "string" ? result.scope.split(/[ ,]+/).filter(Boolean) : asked,
    idTokenClaims: claims ? { ...claims } : undefined,
  };
}
