/**
 * The outer OAuth flow (oauth-and-passkeys-and-mfa.md §1): the app's browser comes to our authorize
 * endpoint with its PKCE challenge; we store the flow (10 minutes) and send the browser to the provider
 * with a state and PKCE verifier of our own; the provider's callback signs in, signs up or links, and
 * sends the browser back to the app with our authorization code (a verification code, 5 minutes, single
 * use), which the app exchanges with its verifier at the token endpoint (./code-grant.ts).
 */
import { randomUUID } from "node:crypto";
import * as oauth from "oauth4webapi";
import { KnownError, knownError } from "../../../contract/known-error.js";
import type { OAuthFlowRow } from "../../db/queries/oauth.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { UserRecord } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { isHostedPagesKey } from "../hosted-pages.js";
import { isTrustedUrl, redirectPolicy, withQueryParam } from "../redirect-urls.js";
import { hashSecret, randomCode } from "../secrets.js";
import { createVerificationCode } from "../verification-codes.js";
import { signInOrLink } from "./accounts.js";
import { isUniqueViolation } from "../../db/errors.js";
import { authorizationUrl, exchangeCode, fetchProfile, ProviderDeniedError, ProviderFailedError, scopesFor } from "./protocol.js";
import { providerClient, type ProviderClient } from "./provider-clients.js";

/** How long a flow may take from our authorize endpoint to the provider's callback. */
const FLOW_TTL_MS = 10 * 60 * 1000;
/** Our authorization codes' lifetime (oauth2-server's default, as the reference uses). */
const CODE_TTL_MS = 5 * 60 * 1000;
export const OAUTH_CODE = "oauth-code";
/** The purpose the flow's provider PKCE verifier is sealed under. */
export const VERIFIER_PURPOSE = "oauth-flow-verifier";

export interface AuthorizeRequest {
  providerConfigId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  state: string;
  codeChallenge: string;
  /** `plain` (RFC 7636's default, accepted as Stack does) or `S256`; see COMPATIBILITY.md. */
  codeChallengeMethod: "plain" | "S256";
  type?: "authenticate" | "link";
  token?: string;
  errorRedirectUrl?: string;
  afterCallbackRedirectUrl?: string;
  providerScope?: string;
}

/** What our authorization code carries to the token endpoint. */
export interface CodeData {
  [key: string]: unknown;
  user_id: string;
  is_new_user: boolean;
  redirect_uri: string;
  code_challenge: string;
  after_callback_redirect_url: string | null;
}

/** The provider's redirect URI: our callback for this provider config. */
export function callbackUrl(deps: AppDeps, configId: string): string {
  return `${deps.config.publicUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(configId)}`;
}

/** Where the browser goes next, with the redirect's status and the cookies it sets. */
export interface FlowRedirect {
  location: string;
  status: 303 | 307;
  cookies: string[];
}

/**
 * The browser binding of a flow: an HttpOnly cookie named after the state we send the provider, holding
 * a random value whose hash the flow keeps. A callback that comes without it (another browser: a
 * provider answer forced on a victim, or a link opened elsewhere) is refused.
 */
const BINDING_COOKIE_PREFIX = "stack-oauth-inner-";

function bindingCookieName(state: string): string {
  return `${BINDING_COOKIE_PREFIX}${state}`;
}

/**
 * The cookie's attributes: `Path=/` with `Expires` and `Max-Age`, as Stack sets them (clients read it back
 * at other paths); Secure when the server is served over https. SameSite=Lax lets the provider's top-level
 * redirect back bring it; providers that post their answer as a form (Apple's form_post) need
 * SameSite=None, which browsers accept only with Secure.
 */
function bindingCookieAttributes(deps: AppDeps, formPost: boolean, maxAgeSeconds: number): string {
  const secure = new URL(deps.config.publicUrl).protocol === "https:";
  const expires = new Date(deps.clock.now().getTime() + maxAgeSeconds * 1000).toUTCString();
  const sameSite = formPost && secure ? "None" : "Lax";
  return `Path=/; Expires=${expires}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=${sameSite}${secure ? "; Secure" : ""}`;
}

/**
 * The challenge the flow keeps is always an S256 one, so the token endpoint checks one way: a `plain`
 * challenge is the verifier itself, and the verifier matches it exactly when their S256 hashes match.
 */
async function storedChallenge(challenge: string, method: "plain" | "S256"): Promise<string> {
  return method === "plain" ? oauth.calculatePKCECodeChallenge(challenge) : challenge;
}

/** A cookie's value from a Cookie request header. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Expired flows are kept this long after their expiry (a late callback still learns it timed out), then swept. */
const FLOW_KEEP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
/** The most rows one sweep deletes of each kind; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;
const lastSweep = new WeakMap<AppDeps, number>();

/** Deletes long-expired flows and expired authorization codes, at most once a minute per server. */
export async function sweepExpiredFlows(deps: AppDeps, force = false): Promise<{ flows: number; codes: number }> {
  const now = deps.clock.now().getTime();
  if (!force && now - (lastSweep.get(deps) ?? -Infinity) < SWEEP_EVERY_MS) return { flows: 0, codes: 0 };
  lastSweep.set(deps, now);
  const flows = await deps.queries.oauth.deleteExpiredFlows(new Date(now - FLOW_KEEP_MS), SWEEP_LIMIT);
  const codes = await deps.queries.oauth.deleteExpiredCodes(OAUTH_CODE, new Date(now), SWEEP_LIMIT);
  return { flows, codes };
}

/** Checks the app's request, stores the flow and answers the redirect to the provider's authorization URL. */
export async function startFlow(deps: AppDeps, request: AuthorizeRequest): Promise<FlowRedirect> {
  const project = await oauthClientProject(deps, request.clientId, request.clientSecret);
  if (request.scope !== undefined && request.scope !== "legacy") throw knownError("INVALID_SCOPE", { scope: request.scope });
  const kind = request.type ?? "authenticate";
  const provider = await providerClient(deps, project, request.providerConfigId);
  if (!(provider.allowSignIn || (kind === "link" && provider.allowConnectedAccounts))) throw knownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");

  const policy = redirectPolicy(deps, project);
  const redirectUri = request.redirectUri.split("#")[0]!;
  if (!isTrustedUrl(redirectUri, policy)) throw knownError("REDIRECT_URL_NOT_WHITELISTED");
  if (request.afterCallbackRedirectUrl !== undefined && !isTrustedUrl(request.afterCallbackRedirectUrl, policy)) throw knownError("REDIRECT_URL_NOT_WHITELISTED");
  // An untrusted error page is ignored: errors are then answered here, not sent anywhere.
  const errorRedirectUrl = request.errorRedirectUrl !== undefined && isTrustedUrl(request.errorRedirectUrl, policy) ? request.errorRedirectUrl : null;

  const user = request.token === undefined ? null : await tokenUser(deps, project, request.token);
  if (kind === "link" && !user) throw statusError("oauthLinkNeedsToken");
  const providerScope = request.providerScope?.trim() || null;
  if (providerScope && provider.isShared) throw knownError("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");

  await sweepExpiredFlows(deps);
  const state = randomCode();
  const binding = randomCode();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  // OpenID Connect providers get a nonce, which their ID token must carry back.
  const nonce = provider.type === "oidc" ? oauth.generateRandomNonce() : null;
  const now = deps.clock.now();
  await deps.queries.oauth.insertFlow({
    id: randomUUID(),
    projectId: project.id,
    stateHash: hashSecret(state),
    providerConfigId: provider.configId,
    kind,
    userId: user?.user.id ?? null,
    redirectUri,
    outerState: request.state,
    codeChallenge: await storedChallenge(request.codeChallenge, request.codeChallengeMethod),
    afterCallbackRedirectUrl: request.afterCallbackRedirectUrl ?? null,
    errorRedirectUrl,
    providerScope,
    providerCodeVerifier: deps.secrets.encrypt(codeVerifier, VERIFIER_PURPOSE),
    browserBindingHash: hashSecret(binding),
    nonce,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    usedAt: null,
  });
  const location = await authorizationUrl(provider, { redirectUri: callbackUrl(deps, provider.configId), state, codeVerifier, nonce, scopes: scopesFor(provider, providerScope) });
  const cookie = `${bindingCookieName(state)}=${binding}; ${bindingCookieAttributes(deps, isFormPost(provider), FLOW_TTL_MS / 1000)}`;
  return { location, status: 307, cookies: [cookie] };
}

function isFormPost(provider: ProviderClient): boolean {
  return provider.authorizationParams.response_mode === "form_post";
}

/**
 * The provider's callback: finishes the flow and answers where the browser goes next, the app's redirect
 * URI with our code, or, for a known error, the flow's error page when it has a trusted one.
 */
export async function finishFlow(deps: AppDeps, configId: string, params: URLSearchParams, cookieHeader: string | undefined): Promise<FlowRedirect> {
  const state = params.get("state");
  const flow = state ? await deps.queries.oauth.findFlowByStateHash(hashSecret(state)) : undefined;
  if (!flow || !state || flow.providerConfigId !== configId || flow.usedAt) throw statusError("oauthFlowNotFound");
  // The browser that started the flow must bring its binding cookie (the reference's inner cookie answer).
  const binding = cookieValue(cookieHeader, bindingCookieName(state));
  if (binding === null || flow.browserBindingHash === null || hashSecret(binding) !== flow.browserBindingHash) throw statusError("oauthFlowNotFound");
  // The cookie's work is done whatever the outcome: the browser drops it.
  const cookies = [`${bindingCookieName(state)}=; ${bindingCookieAttributes(deps, false, 0)}`];
  try {
    const location = await finishFoundFlow(deps, flow, state, params);
    deps.metrics.signIn("oauth", "success");
    return { location, status: 303, cookies };
  } catch (error) {
    deps.metrics.signIn("oauth", error instanceof KnownError ? "failure" : "error");
    if (!(error instanceof KnownError) || flow.errorRedirectUrl === null) throw error;
    let location = withQueryParam(flow.errorRedirectUrl, "errorCode", error.code);
    location = withQueryParam(location, "message", error.message);
    return { location: withQueryParam(location, "details", JSON.stringify(error.details ?? {})), status: 303, cookies };
  }
}

async function finishFoundFlow(deps: AppDeps, flow: OAuthFlowRow, state: string, params: URLSearchParams): Promise<string> {
  if (flow.expiresAt.getTime() <= deps.clock.now().getTime()) throw knownError("OUTER_OAUTH_TIMEOUT");
  // Spent first: a replayed callback finds nothing, whatever happens next.
  if (!(await deps.queries.oauth.useFlow(flow.id, deps.clock.now()))) throw statusError("oauthFlowNotFound");
  const project = await deps.queries.projects.find(flow.projectId);
  if (!project) throw statusError("oauthFlowNotFound");
  const provider = await providerClient(deps, project, flow.providerConfigId);
  const subject = flow.userId === null ? null : ((await deps.queries.users.find(project.id, flow.userId)) ?? null);
  if (flow.kind === "link" && !subject) throw knownError("USER_NOT_FOUND");

  const { profile, tokens } = await talkToProvider(deps, provider, flow, state, params);
  const link = () => deps.store.transaction((tx) => signInOrLink(deps, tx, project, provider, profile, tokens, { kind: flow.kind, user: subject }));
  // Two first sign-ins of one provider account at once (PostgreSQL): the slower one's insert meets the
  // faster one's link; run again, it finds that link and signs the same user in.
  const outcome = await link().catch((error: unknown) => {
    if (isUniqueViolation(error)) return link();
    throw error;
  });
  const data: CodeData = {
    user_id: outcome.userId,
    is_new_user: outcome.isNewUser,
    redirect_uri: flow.redirectUri,
    code_challenge: flow.codeChallenge,
    after_callback_redirect_url: flow.afterCallbackRedirectUrl,
  };
  const { code } = await createVerificationCode(deps, { projectId: project.id, purpose: OAUTH_CODE, userId: outcome.userId, data, ttlMs: CODE_TTL_MS });
  return withQueryParam(withQueryParam(flow.redirectUri, "code", code), "state", flow.outerState);
}

async function talkToProvider(deps: AppDeps, provider: ProviderClient, flow: OAuthFlowRow, state: string, params: URLSearchParams) {
  try {
    const tokens = await exchangeCode(provider, deps.clock, {
      callbackParams: params,
      state,
      redirectUri: callbackUrl(deps, provider.configId),
      codeVerifier: deps.secrets.decrypt(flow.providerCodeVerifier, VERIFIER_PURPOSE),
      nonce: flow.nonce,
      scopes: scopesFor(provider, flow.providerScope),
    });
    return { tokens, profile: await fetchProfile(provider, tokens, params) };
  } catch (error) {
    if (error instanceof ProviderDeniedError) throw knownError("OAUTH_PROVIDER_ACCESS_DENIED");
    if (error instanceof ProviderFailedError) {
      deps.log.info("OAuth provider answer refused", { provider: provider.configId, reason: error.message, cause: String((error.cause as Error | undefined)?.message ?? "") });
      throw statusError("oauthProviderFailed");
    }
    throw error;
  }
}

/** The project of an OAuth client: `client_id` the project id, `client_secret` a publishable client key. */
async function oauthClientProject(deps: AppDeps, clientId: string, clientSecret: string): Promise<ProjectRow> {
  const [projectId, branch] = clientId.split("#");
  const project = projectId && (branch === undefined || branch === "main") ? await deps.queries.projects.find(projectId) : undefined;
  if (!project) throw knownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  const key = await deps.queries.apiKeySets.findLiveByKeyHash(project.id, "publishableClientKey", hashSecret(clientSecret), deps.clock.now());
  if (!key && !isHostedPagesKey(deps, project.id, clientSecret)) throw knownError("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: project.id });
  return project;
}

/** The signed-in user of the `token` parameter (anonymous users included: signing in upgrades them). */
async function tokenUser(deps: AppDeps, project: ProjectRow, token: string): Promise<UserRecord> {
  const verified = await deps.accessTokens.verify(token, "access");
  if (verified.projectId !== project.id) throw statusError("oauthTokenOtherProject");
  const record = await deps.queries.users.findBySession(project.id, verified.userId, verified.sessionId, deps.clock.now());
  if (!record) throw knownError("USER_AUTHENTICATION_REQUIRED");
  return record;
}
