import { KnownError } from "../errors/known-error.js";
import { knownErrorFromJson } from "../errors/known-errors.js";
import { KnownErrors } from "../errors/known-errors.js";
import { ConnectivityError, HttpError, OfflineError } from "../errors/http-errors.js";
import { Session, type Tokens } from "../tokens/session.js";
import { isOffline, runNetworkDiagnostics } from "./diagnostics.js";
import { isIdempotent, retryAfterMs, retryDelayMs, retryPolicy, sleep } from "./retry.js";

export type AccessType = "client" | "server" | "admin";

export interface TransportOptions {
  /** The server's origin (and path prefix, if any); `/api/v1` is appended. */
  baseUrl: string;
  projectId: string;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  /** An internal-project user's session whose access token replaces the keys (a project owner's admin app). */
  projectOwnerSession?: Session;
  extraRequestHeaders?: Record<string, string>;
  /**
   * With `secretServerKey`: the address of the end user a request is made for, sent as
   * `x-latchkey-end-user-ip` (with the secret server key, at every access level) so that the server's
   * per-address limits count that user, not this server; null or undefined: nothing is sent.
   */
  endUserIp?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Sent as `x-stack-client-version`. */
  clientVersion: string;
  /** Test seams: the fetch, randomness and wait used for requests and retries. */
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** One request, with its path already filled in and its query string built. */
export interface RawRequest {
  method: string;
  path: string;
  body?: unknown;
  /** A form body (the token endpoint); sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

type Attempt = { ok: true; response: Response } | { ok: false; error: unknown; waitMs?: number };

const accessTokenErrors = [KnownErrors.InvalidAccessToken];
const adminTokenErrors = [KnownErrors.InvalidAdminAccessToken, KnownErrors.ApiKeyNotFound];

/**
 * Sends API requests the way SPEC section 8 and the wire reference describe: the x-stack-* headers, the
 * override of error statuses, known errors rebuilt as classes, an access token the server rejects marked
 * expired and the request sent again, 429 after Retry-After, the 508 loop marker retried, and network
 * failures retried (idempotent methods only) up to 5 attempts with exponential backoff.
 */
export class Transport {
  readonly apiUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(readonly options: TransportOptions) {
    this.apiUrl = `${options.baseUrl.replace(/\/$/, "")}/api/v1`;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.random = options.random ?? Math.random;
    this.wait = options.sleep ?? sleep;
  }

  /** A session for these tokens whose refreshes go to this project's token endpoint. */
  createSession(tokens: Tokens): Session {
    return new Session(tokens, (refreshToken) => this.refreshAccessToken(refreshToken));
  }

  /**
   * Sends a request as `accessType`, with `session`'s tokens when it has any; answers the successful
   * response or throws a `KnownError`, `HttpError`, `ConnectivityError` or `OfflineError`.
   */
  async send(request: RawRequest, session: Session | null, accessType: AccessType): Promise<Response> {
    return this.withRetries(request.method, () => this.attempt(request, session, accessType), () => this.probeApiRoot(session, accessType));
  }

  /** Asks the token endpoint for a new access token; null when the refresh token is no longer valid. */
  async refreshAccessToken(refreshToken: string): Promise<string | null> {
    const { response, url } = await this.tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }, true);
    const known = await this.knownError(response);
    if (known) {
      if (known instanceof KnownErrors.RefreshTokenError) return null;
      throw known;
    }
    if (!response.ok) throw new HttpError(url, response.status, await response.text());
    const body = (await response.json()) as { access_token?: unknown; token_type?: unknown };
    if (typeof body.access_token !== "string" || body.access_token === "") throw new Error("The token endpoint answered without an access token");
    return body.access_token;
  }

  /**
   * Trades a social sign-in's authorization code (with its PKCE verifier) for a session at the token
   * endpoint. Known errors (an invalid code, a second factor required) are thrown as such.
   */
  async exchangeAuthorizationCode(params: { code: string; redirectUri: string; codeVerifier: string }): Promise<AuthorizationCodeTokens> {
    const { response, url } = await this.tokenRequest({ grant_type: "authorization_code", code: params.code, redirect_uri: params.redirectUri, code_verifier: params.codeVerifier }, false);
    const known = await this.knownError(response);
    if (known) throw known;
    if (!response.ok) throw new HttpError(url, response.status, await response.text());
    const body = (await response.json()) as Partial<AuthorizationCodeTokens>;
    if (typeof body.access_token !== "string" || body.access_token === "") throw new Error("The token endpoint answered without an access token");
    if (typeof body.refresh_token !== "string" || body.refresh_token === "") throw new Error("Refresh token not found in the token endpoint's answer");
    return { access_token: body.access_token, refresh_token: body.refresh_token, is_new_user: body.is_new_user === true, after_callback_redirect_url: body.after_callback_redirect_url ?? null };
  }

  /**
   * A grant at the token endpoint, the publishable key as client secret (as Stack's SDK sends it). A
   * server app calling for an end user names the user's address there too, as on its other calls, so
   * the endpoint's per-address limit counts that user rather than the server.
   */
  private async tokenRequest(grant: Record<string, string>, retryNetworkAlways: boolean): Promise<{ response: Response; url: string }> {
    const { projectId, publishableClientKey } = this.options;
    if (!publishableClientKey) throw new Error("The token endpoint needs the publishable client key");
    const url = `${this.apiUrl}/auth/oauth/token`;
    const request: RawRequest = { method: "POST", path: "", form: { ...grant, client_id: projectId, client_secret: publishableClientKey } };
    const response = await this.withRetries("POST", async (): Promise<Attempt> => {
      try {
        return { ok: true, response: await this.fetchImpl(url, this.init(request, await this.endUserHeaders())) };
      } catch (error) {
        if (error instanceof TypeError) return { ok: false, error };
        throw error;
      }
    }, async () => undefined, retryNetworkAlways);
    return { response, url };
  }

  /** The end user's address and the secret server key that lets the server believe it; none without either. */
  private async endUserHeaders(): Promise<Record<string, string>> {
    const { secretServerKey, endUserIp } = this.options;
    const endUser = secretServerKey && endUserIp ? await endUserIp() : null;
    return endUser && secretServerKey ? { "x-latchkey-end-user-ip": endUser, "x-stack-secret-server-key": secretServerKey } : {};
  }

  private async withRetries(method: string, attempt: () => Promise<Attempt>, probeApiRoot: () => Promise<unknown>, retryNetworkAlways = false): Promise<Response> {
    let lastError: unknown;
    for (let index = 0; index < retryPolicy.attempts; index++) {
      const outcome = await attempt();
      if (outcome.ok) return outcome.response;
      lastError = outcome.error;
      if (outcome.error instanceof TypeError && !retryNetworkAlways && !isIdempotent(method)) break;
      if (index < retryPolicy.attempts - 1) await this.wait(outcome.waitMs ?? retryDelayMs(index, this.random));
    }
    if (isOffline()) throw new OfflineError(lastError);
    if (lastError instanceof KnownError || lastError instanceof HttpError) throw lastError;
    throw new ConnectivityError(lastError, await runNetworkDiagnostics(this.fetchImpl, this.apiUrl, probeApiRoot));
  }

  private async attempt(request: RawRequest, session: Session | null, accessType: AccessType): Promise<Attempt> {
    const tokens = session ? await session.getLikelyValidTokens() : null;
    const ownerSession = accessType !== "client" || !this.options.publishableClientKey ? this.options.projectOwnerSession : undefined;
    const ownerTokens = ownerSession ? await ownerSession.getLikelyValidTokens() : null;
    const headers: Record<string, string> = {
      "x-stack-override-error-status": "true",
      "x-stack-project-id": this.options.projectId,
      "x-stack-access-type": accessType,
      "x-stack-client-version": this.options.clientVersion,
      "x-stack-allow-anonymous-user": "true",
      ...(tokens && { "x-stack-access-token": tokens.accessToken, "x-stack-refresh-token": tokens.refreshToken }),
      ...this.keyHeaders(accessType),
      ...(ownerTokens && { "x-stack-admin-access-token": ownerTokens.accessToken }),
      ...(await this.endUserHeaders()),
      ...this.options.extraRequestHeaders,
    };
    const url = this.url(request.path);
    let response: Response;
    try {
      response = await this.fetchImpl(url, this.init(request, headers));
    } catch (error) {
      if (error instanceof TypeError) return { ok: false, error };
      throw error;
    }
    const known = await this.knownError(response);
    if (known) {
      if (accessTokenErrors.some((Class) => known instanceof Class)) {
        if (!tokens) throw known;
        session!.markAccessTokenExpired(tokens.accessToken);
        return { ok: false, error: known, waitMs: 0 };
      }
      if (ownerSession && ownerTokens && adminTokenErrors.some((Class) => known instanceof Class)) {
        ownerSession.markAccessTokenExpired(ownerTokens.accessToken);
        return { ok: false, error: known, waitMs: 0 };
      }
      throw known;
    }
    const status = actualStatus(response);
    if (status >= 200 && status < 300) return { ok: true, response };
    const text = await response.text();
    const error = new HttpError(url, status, text);
    if (status === 429) return { ok: false, error, waitMs: retryAfterMs(response.headers.get("retry-after")) ?? undefined };
    if (status === 508 && text.includes("INFINITE_LOOP_DETECTED")) return { ok: false, error };
    throw error;
  }

  private keyHeaders(accessType: AccessType): Record<string, string> {
    const { publishableClientKey, secretServerKey, superSecretAdminKey } = this.options;
    return {
      ...(publishableClientKey && { "x-stack-publishable-client-key": publishableClientKey }),
      ...(accessType !== "client" && secretServerKey && { "x-stack-secret-server-key": secretServerKey }),
      ...(accessType === "admin" && superSecretAdminKey && { "x-stack-super-secret-admin-key": superSecretAdminKey }),
    };
  }

  private url(path: string): string {
    const url = this.apiUrl + path;
    return url.endsWith("/") ? url.slice(0, -1) : url;
  }

  private init(request: RawRequest, headers: Record<string, string>): RequestInit {
    const isWorkers = "WebSocketPair" in globalThis;
    const body = request.form ? new URLSearchParams(request.form).toString() : request.body === undefined ? undefined : JSON.stringify(request.body);
    const contentType = request.form ? "application/x-www-form-urlencoded;charset=UTF-8" : "application/json";
    return {
      method: request.method,
      headers: body === undefined ? headers : { ...headers, "content-type": contentType, accept: "application/json" },
      ...(body !== undefined && { body }),
      ...(!isWorkers && { credentials: "omit" as const, cache: "no-store" as const }),
    };
  }

  /** The known error a response carries, if any (checking the header against the body's code). */
  private async knownError(response: Response): Promise<KnownError | null> {
    const code = response.headers.get("x-stack-known-error");
    if (code === null) return null;
    const body = (await response.json()) as { code: string; details?: Record<string, unknown>; error: string };
    if (body.code !== code) throw new Error("The x-stack-known-error header and the error code in the body differ; the server's answer is invalid");
    return knownErrorFromJson(body, actualStatus(response));
  }

  private async probeApiRoot(session: Session | null, accessType: AccessType): Promise<void> {
    const outcome = await this.attempt({ method: "GET", path: "/" }, session, accessType);
    if (!outcome.ok) throw outcome.error;
  }
}

/** What the token endpoint answers for an authorization code. */
export interface AuthorizationCodeTokens {
  access_token: string;
  refresh_token: string;
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
}

/** The real status of a response sent with `x-stack-override-error-status`. */
export function actualStatus(response: Response): number {
  const header = response.headers.get("x-stack-actual-status");
  return header === null ? response.status : Number(header);
}
