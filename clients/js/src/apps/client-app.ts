import { AsyncCache } from "../core/cache/async-cache.js";
import type { KnownError } from "../core/errors/known-error.js";
import { HttpError } from "../core/errors/http-errors.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { Session, Tokens } from "../core/tokens/session.js";
import type { TokenStoreInit } from "../core/tokens/token-store.js";
import { Transport } from "../core/transport/transport.js";
import { sleep } from "../core/transport/retry.js";
import { typedApi } from "../core/transport/typed-api.js";
import type { AdminPaths, ClientPaths, ServerPaths } from "../generated.js";
import { catchKnown, error, ok, type Result } from "../result.js";
import { version } from "../version.js";
import type { AppContext, ClientUserJson, OAuthStartOptions } from "./context.js";
import type { CliLoginOptions } from "./cli-login.js";
import { environment } from "./environment.js";
import { getClientItem, type Item, type ItemOwner } from "./objects/item.js";
import { projectOf, type Project, type ProjectJson } from "./objects/project.js";
import { createCurrentUser, type CurrentUser } from "./objects/user.js";
import { SessionRegistry } from "./sessions.js";
import { browserWindow, handlerUrls, redirectTo, withReturnTo, type HandlerUrls, type RedirectMethod } from "./urls.js";
import { absoluteRedirectUrl, authorizeUrl, consumeVerifier, saveVerifier } from "./oauth.js";
import { webAuthn, webAuthnFailure, withHostname } from "./passkeys.js";
import type { CookieJar } from "../core/tokens/cookie-store.js";
import type { AuthorizationCodeTokens } from "../core/transport/transport.js";

export interface ClientAppOptions {
  /** The server's URL; one per side when the browser reaches it at another address than servers do. */
  baseUrl?: string | { browser: string; server: string };
  projectId?: string;
  publishableClientKey?: string;
  /** Where the session's tokens live: "memory", "cookie", a tokens object, a request, or null. */
  tokenStore: TokenStoreInit;
  urls?: Partial<HandlerUrls>;
  redirectMethod?: RedirectMethod;
  extraRequestHeaders?: Record<string, string>;
  /** Accepted for Stack compatibility; this SDK never prefetches. */
  noAutomaticPrefetch?: boolean;
  oauthScopesOnSignIn?: Record<string, string[]>;
  /** Test seam: the fetch used for every request. */
  fetch?: typeof fetch;
}

/** Options the server and admin layers add (read by the base constructor). */
export interface LayerOptions {
  secretServerKey?: string;
  /** The server app's `endUserIp` (see ServerAppOptions). */
  endUserIp?: () => string | null | undefined | Promise<string | null | undefined>;
  superSecretAdminKey?: string;
  projectOwnerSession?: Session;
}

export type GetUserOr = "redirect" | "throw" | "return-null" | "anonymous" | "anonymous-if-exists[deprecated]";
export interface GetUserOptions {
  or?: GetUserOr;
  tokenStore?: TokenStoreInit;
}

const clientVersion = `js @latchkey/js@${version}`;

/**
 * The client app: signs users in and reads and changes what the signed-in user may, with the publishable
 * client key. The same public surface as Stack's `StackClientApp`.
 *
 * @example
 * ```ts
 * const app = new LatchkeyClientApp({ baseUrl: "http://localhost:8102", projectId, publishableClientKey, tokenStore: "cookie" });
 * await app.signInWithCredential({ email, password });
 * const user = await app.getUser({ or: "redirect" });
 * ```
 */
export class LatchkeyClientApp {
  readonly projectId: string;
  readonly urls: Readonly<HandlerUrls>;
  /** @internal */
  readonly _transport: Transport;
  /** @internal */
  readonly _sessions: SessionRegistry;
  /** @internal */
  readonly _context: AppContext;
  /** @internal */
  readonly _options: ClientAppOptions & LayerOptions;
  private readonly caches = new Map<string, AsyncCache<readonly unknown[], unknown>>();
  private readonly changeListeners = new Set<() => void>();
  /** @internal Counts the changes this app made; the React bindings re-read the session when it moves. */
  _changeCount = 0;
  private readonly redirectMethod: RedirectMethod;

  constructor(options: ClientAppOptions & LayerOptions) {
    const env = environment();
    this._options = options;
    this.projectId = options.projectId ?? env.projectId ?? missing("projectId (or NEXT_PUBLIC_STACK_PROJECT_ID)");
    this.urls = handlerUrls(options.urls);
    this.redirectMethod = options.redirectMethod ?? (browserWindow() ? "window" : "none");
    const baseUrl = typeof options.baseUrl === "object" ? (browserWindow() ? options.baseUrl.browser : options.baseUrl.server) : (options.baseUrl ?? env.baseUrl ?? browserWindow()?.location.origin ?? missing("baseUrl (or STACK_API_URL)"));
    const publishableClientKey = options.projectOwnerSession ? undefined : (options.publishableClientKey ?? env.publishableClientKey);
    this._transport = new Transport({
      baseUrl,
      projectId: this.projectId,
      clientVersion,
      ...(publishableClientKey !== undefined && { publishableClientKey }),
      ...(options.secretServerKey !== undefined && { secretServerKey: options.secretServerKey }),
      ...(options.superSecretAdminKey !== undefined && { superSecretAdminKey: options.superSecretAdminKey }),
      ...(options.projectOwnerSession && { projectOwnerSession: options.projectOwnerSession }),
      ...(options.endUserIp && { endUserIp: options.endUserIp }),
      extraRequestHeaders: options.extraRequestHeaders ?? env.extraRequestHeaders,
      ...(options.fetch && { fetch: options.fetch }),
    });
    this._sessions = new SessionRegistry(this._transport, this.projectId, options.tokenStore);
    const hasServer = options.secretServerKey !== undefined || options.projectOwnerSession !== undefined;
    const hasAdmin = options.superSecretAdminKey !== undefined || options.projectOwnerSession !== undefined;
    this._context = {
      projectId: this.projectId,
      client: typedApi<ClientPaths>(this._transport, "client"),
      ...(hasServer && { server: typedApi<ServerPaths>(this._transport, "server") }),
      ...(hasAdmin && { admin: typedApi<AdminPaths>(this._transport, "admin") }),
      noSession: this._transport.createSession({ accessToken: null, refreshToken: null }),
      changed: () => this.changed(),
      cache: <K extends readonly unknown[], V>(name: string, fetcher: (key: K) => Promise<V>) => {
        let cache = this.caches.get(name);
        if (!cache) this.caches.set(name, (cache = new AsyncCache(fetcher as (key: readonly unknown[]) => Promise<unknown>)));
        return cache as unknown as AsyncCache<K, V>;
      },
      sessionEnded: (session) => {
        session.markInvalid();
        this.changed();
      },
      callbackUrl: (page) => {
        const origin = browserWindow()?.location.origin;
        if (!origin) throw new Error(`No callback URL given, and there is no window to build the default ${this.urls[page]} from; pass a callback URL`);
        return new URL(this.urls[page], origin).toString();
      },
      redirect: (url) => redirectTo(this._redirectMethod(), url, {}, sleep),
      startOAuth: (start) => this.startOAuth(start),
      oauthScopesOnSignIn: options.oauthScopesOnSignIn ?? {},
    };
  }

  /**
   * @internal The navigate function of a `redirectMethod: { useNavigate }` (React Router and the like):
   * `StackProvider` calls the hook while rendering and leaves its answer here.
   */
  _navigate: ((to: string) => void) | null = null;

  /** @internal The redirect method, with a navigate function obtained through `useNavigate` filled in. */
  _redirectMethod(): RedirectMethod {
    const method = this.redirectMethod;
    if (typeof method === "object" && !method.navigate && this._navigate) return { ...method, navigate: this._navigate };
    return method;
  }

  /** @internal The `useNavigate` hook of the redirect method, if it has one (called by `StackProvider`). */
  _useNavigateHook(): (() => (to: string) => void) | null {
    return typeof this.redirectMethod === "object" ? (this.redirectMethod.useNavigate ?? null) : null;
  }

  /** Drops every cached read; watched ones are fetched again. Called after every change. */
  protected changed(): void {
    for (const cache of this.caches.values()) cache.invalidateAll();
    this._changeCount++;
    for (const listener of [...this.changeListeners]) listener();
  }

  /**
   * @internal Hears every change this app makes (sign-in, sign-out, updates): the React bindings re-read
   * the session and the cached values then. Answers the function that stops listening.
   */
  readonly _onChange = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  };

  /** @internal The cache of the signed-in user's JSON, keyed by session (read by `getUser` and `useUser`). */
  _currentUserCache(): AsyncCache<[Session], ClientUserJson | null> {
    return this._context.cache<[Session], ClientUserJson | null>("currentUser", async ([s]) => {
      if (s.isKnownToBeInvalid()) return null;
      try {
        return await this._context.client("get", "/users/me", {}, s);
      } catch (caught) {
        if (caught instanceof KnownErrors.CannotGetOwnUserWithoutUser) return null;
        throw caught;
      }
    });
  }

  /** @internal The cache of the project's public JSON (read by `getProject` and `useProject`). */
  _projectCache(): AsyncCache<[], ProjectJson> {
    return this._context.cache<[], ProjectJson>("project", () => this._context.client("get", "/projects/current", {}, this._context.noSession));
  }

  /** @internal The session of a token store option (the app's own by default). */
  _session(tokenStore?: TokenStoreInit): Session {
    return this._sessions.session(tokenStore);
  }

  /** @internal Keeps the tokens of a sign-in and drops cached reads. */
  _signIn(tokens: { access_token: string; refresh_token: string }, tokenStore?: TokenStoreInit): void {
    this._sessions.signIn({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }, tokenStore);
    this.changed();
  }

  /** @internal The signed-in user's JSON through `session`, or null. */
  protected _currentUserJson(session: Session): Promise<ClientUserJson | null> {
    return this._currentUserCache().get([session]);
  }

  /** @internal Builds the user object for this layer. */
  _currentUserFromJson(session: Session, json: ClientUserJson): CurrentUser {
    // Project owners' methods join before the object is decorated, so they get their hooks too.
    return createCurrentUser(this._context, session, json, this.projectId === "internal" ? internalUserMethods(this, session) : {});
  }

  /**
   * The signed-in user, or what `or` says when there is none: null ("return-null", the default), an error
   * ("throw"), a redirect to the sign-in page ("redirect"), or a new anonymous user ("anonymous").
   * Anonymous users count as signed out unless `or` is "anonymous".
   *
   * @example
   * ```ts
   * const user = await app.getUser({ or: "throw" });
   * console.log(user.primaryEmail);
   * ```
   */
  async getUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): Promise<CurrentUser>;
  async getUser(options?: GetUserOptions): Promise<CurrentUser | null>;
  async getUser(options: GetUserOptions = {}): Promise<CurrentUser | null> {
    const session = this._session(options.tokenStore);
    const json = await this._currentUserJson(session);
    const keepsAnonymous = options.or === "anonymous" || options.or === "anonymous-if-exists[deprecated]";
    if (json && (!json.is_anonymous || keepsAnonymous)) return this._currentUserFromJson(session, json);
    switch (options.or) {
      case "throw":
        throw new Error("No user is signed in, but getUser was called with { or: 'throw' }");
      case "redirect":
        await this.redirectToSignIn({ replace: true });
        throw new Error("No user is signed in; redirected to the sign-in page");
      case "anonymous": {
        const tokens = await this._context.client("post", "/auth/anonymous/sign-up", {}, this._context.noSession);
        this._signIn(tokens, options.tokenStore);
        const session = this._session(options.tokenStore);
        const created = await this._currentUserJson(session);
        if (!created) throw new Error("The anonymous sign-up succeeded, but its user could not be read");
        return this._currentUserFromJson(session, created);
      }
      default:
        return null;
    }
  }

  /**
   * The project's public configuration (which sign-in methods are on, whether sign-ups are open); cached,
   * needs no session.
   * @example
   * ```ts
   * const { config } = await app.getProject();
   * if (!config.signUpEnabled) console.log("Sign-ups are closed");
   * ```
   */
  async getProject(): Promise<Project> {
    return projectOf(await this._projectCache().get([]));
  }

  /**
   * How much of an item a user, a team or a custom customer holds, read with the signed-in user's session;
   * throws `ItemNotFound` for an item the project does not define.
   * @example
   * ```ts
   * const credits = await app.getItem({ itemId: "credits", userId: user.id });
   * ```
   */
  getItem(owner: ItemOwner): Promise<Item> {
    return getClientItem(this._context, owner, this._session());
  }

  private async afterAuth(tokens: { access_token: string; refresh_token: string; is_new_user?: boolean }, noRedirect?: boolean): Promise<void> {
    this._signIn(tokens);
    if (!noRedirect) await (tokens.is_new_user ? this.redirectToAfterSignUp() : this.redirectToAfterSignIn());
  }

  /**
   * A second factor is needed: keeps the attempt code in `sessionStorage["stack_mfa_attempt_code"]` (read by
   * the MFA page, which calls `signInWithMfa`) and opens the MFA page, unless `noRedirect` (the caller
   * then gets the error, whose `details.attempt_code` it passes to `signInWithMfa`). Other errors pass through.
   */
  private async handleMfa(caught: unknown, noRedirect = false): Promise<never> {
    if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) {
      const attemptCode = caught.details?.attempt_code;
      const storage = (globalThis as { sessionStorage?: { setItem(key: string, value: string): void } }).sessionStorage;
      if (typeof attemptCode === "string") storage?.setItem(mfaAttemptCodeKey, attemptCode);
      if (!noRedirect) await this.redirectToMfa();
    }
    throw caught;
  }

  /**
   * Signs in with a social provider: a PKCE verifier goes into a cookie tied to a fresh state (one hour),
   * and the browser goes to the provider through the server. The OAuth callback page then calls
   * `callOAuthCallback`. Browsers only; the promise never resolves (the page navigates away).
   * @example
   * ```ts
   * document.querySelector("#github")?.addEventListener("click", () => void app.signInWithOAuth("github"));
   * ```
   */
  async signInWithOAuth(provider: string, options?: { returnTo?: string }): Promise<void> {
    if (!browserWindow()) throw new Error("signInWithOAuth can only be called in a browser");
    const scopes = this._context.oauthScopesOnSignIn[provider];
    await this.startOAuth({
      provider,
      type: "authenticate",
      session: this._session(),
      ...(options?.returnTo !== undefined && { redirectUrl: options.returnTo }),
      ...(scopes && scopes.length > 0 && { providerScope: scopes.join(" ") }),
    });
  }

  private async startOAuth(start: OAuthStartOptions): Promise<never> {
    const win = browserWindow();
    const jar = (globalThis as { document?: CookieJar }).document;
    if (!win || !jar) throw new Error("OAuth flows can only be started in a browser");
    const publishableClientKey = this._transport.options.publishableClientKey;
    if (!publishableClientKey) throw new Error("OAuth flows need the publishable client key");
    const { state, codeChallenge } = await saveVerifier(jar, win.location.protocol === "https:");
    const tokens = await start.session.getLikelyValidTokens().catch(() => null);
    const url = authorizeUrl({
      apiUrl: this._transport.apiUrl,
      projectId: this.projectId,
      publishableClientKey,
      provider: start.provider,
      redirectUri: absoluteRedirectUrl(start.redirectUrl ?? this.urls.oauthCallback, win.location.href),
      errorRedirectUrl: absoluteRedirectUrl(this.urls.error, win.location.href),
      state,
      codeChallenge,
      type: start.type,
      accessToken: tokens?.accessToken ?? null,
      ...(start.afterCallbackRedirectUrl !== undefined && { afterCallbackRedirectUrl: start.afterCallbackRedirectUrl }),
      ...(start.providerScope !== undefined && { providerScope: start.providerScope }),
    });
    win.location.assign(url);
    return new Promise<never>(() => undefined);
  }

  /**
   * Finishes a social sign-in on the OAuth callback page: reads `code` and `state` from the address (and
   * removes them), takes the verifier stored for that state, trades the code for a session, and redirects
   * (to the link flow's page, after-sign-up for new users, else after-sign-in). Answers false, with a
   * warning, when there is nothing to finish (no code, or no verifier for the state: a reload, an expired
   * cookie, another OAuth client). A second factor redirects to the MFA page.
   * @example
   * ```ts
   * // on the /handler/oauth-callback page
   * if (!(await app.callOAuthCallback())) await app.redirectToSignIn();
   * ```
   */
  async callOAuthCallback(): Promise<boolean> {
    const win = browserWindow();
    const jar = (globalThis as { document?: CookieJar }).document;
    if (!win || !jar) throw new Error("callOAuthCallback can only be called in a browser");
    const href = win.location.href;
    const current = new URL(href);
    const code = current.searchParams.get("code");
    const state = current.searchParams.get("state");
    if (code === null || state === null) {
      console.warn("The OAuth callback page was opened without code and state (reopened from the history?); nothing to finish");
      return false;
    }
    const verifier = consumeVerifier(jar, state);
    if (verifier === null) {
      console.warn("No OAuth verifier is stored for this state (expired, already used, or another OAuth client's callback); nothing to finish");
      return false;
    }
    current.searchParams.delete("code");
    current.searchParams.delete("state");
    win.history?.replaceState({}, "", current.toString());
    const error = current.searchParams.get("error");
    if (error !== null) throw new Error(`The OAuth callback carries an error: ${error}`);
    let tokens: AuthorizationCodeTokens;
    try {
      tokens = await this._transport.exchangeAuthorizationCode({ code, codeVerifier: verifier, redirectUri: absoluteRedirectUrl(this.urls.oauthCallback, href) });
    } catch (caught) {
      if (caught instanceof KnownErrors.InvalidTotpCode) return false;
      return await this.handleMfa(caught);
    }
    this._signIn(tokens);
    const after = tokens.after_callback_redirect_url === null ? null : sameOriginPath(tokens.after_callback_redirect_url, win.location.origin);
    if (after !== null) await redirectTo(this._redirectMethod(), after, { replace: true }, sleep);
    else if (tokens.is_new_user) await this.redirectToAfterSignUp({ replace: true });
    else await this.redirectToAfterSignIn({ replace: true });
    return true;
  }

  /** Goes to the OAuth callback page (`urls.oauthCallback`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToOAuthCallback();` */
  redirectToOAuthCallback(options?: RedirectOptions) { return this.redirectToHandler("oauthCallback", options); }

  /**
   * Signs in with a passkey of this device: the server's options get the page's hostname as relying-party
   * id, the browser asks the authenticator, the server checks the answer. Authenticator failures come back
   * as `PasskeyWebAuthnError` (its `details.code` says which), anything else as `PasskeyAuthenticationFailed`.
   * Goes to the after-sign-in page unless `noRedirect`.
   * @example
   * ```ts
   * const result = await app.signInWithPasskey();
   * if (result.status === "error") showError(result.error.message);
   * ```
   */
  async signInWithPasskey(options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["PasskeyAuthenticationFailed"] | KnownErrors["InvalidTotpCode"] | KnownErrors["PasskeyWebAuthnError"]>> {
    const session = this._session();
    const hostname = browserWindow()?.location.hostname ?? "";
    let tokens: { access_token: string; refresh_token: string };
    try {
      const { options_json, code } = await this._context.client("post", "/auth/passkey/initiate-passkey-authentication", { body: {} }, session);
      const optionsJSON = withHostname(options_json as Record<string, unknown>, "rpId", hostname);
      const { startAuthentication, WebAuthnError } = await webAuthn();
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      } catch (caught) {
        const failure = webAuthnFailure(caught, WebAuthnError);
        if (failure) return error(failure as KnownErrors["PasskeyWebAuthnError"]);
        return error(new KnownErrors.PasskeyAuthenticationFailed({ message: "Failed to sign in with passkey" }, "Failed to sign in with passkey"));
      }
      tokens = await this._context.client("post", "/auth/passkey/sign-in", { body: { authentication_response: response as never, code } }, session).catch((e: unknown) => this.handleMfa(e));
    } catch (caught) {
      if (caught instanceof KnownErrors.PasskeyAuthenticationFailed || caught instanceof KnownErrors.InvalidTotpCode) return error(caught);
      throw caught;
    }
    await this.afterAuth(tokens, options?.noRedirect);
    return ok(undefined);
  }

  /**
   * Signs in with an e-mail and a password; wrong credentials and an invalid second factor come back as
   * an error result. A user with a second factor goes to the MFA page; with `noRedirect` the result is
   * the `MultiFactorAuthenticationRequired` error instead, carrying the attempt code for `signInWithMfa`.
   * @example
   * ```ts
   * const result = await app.signInWithCredential({ email, password, noRedirect: true });
   * if (result.status === "error") console.log(result.error.message);
   * ```
   */
  async signInWithCredential(options: { email: string; password: string; noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["EmailPasswordMismatch"] | KnownErrors["InvalidTotpCode"] | KnownErrors["MultiFactorAuthenticationRequired"]>> {
    // A required second factor: with noRedirect it is the result (the caller shows its own MFA step); else
    // the browser is on its way to the MFA page and the promise rejects with it.
    const expected = options.noRedirect
      ? [KnownErrors.EmailPasswordMismatch, KnownErrors.InvalidTotpCode, KnownErrors.MultiFactorAuthenticationRequired]
      : [KnownErrors.EmailPasswordMismatch, KnownErrors.InvalidTotpCode];
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/password/sign-in", { body: { email: options.email, password: options.password } }, this._session()).catch((e: unknown) => this.handleMfa(e, options.noRedirect));
      await this.afterAuth(tokens, options.noRedirect);
      return undefined;
    }, expected);
  }

  /**
   * Creates an account with an e-mail and a password, and signs it in (an anonymous user signed in on
   * this app keeps its id). The verification mail links to `verificationCallbackUrl`.
   * @example
   * ```ts
   * const result = await app.signUpWithCredential({ email, password, verificationCallbackUrl: "https://app.example.com/handler/email-verification" });
   * ```
   */
  async signUpWithCredential(options: { email: string; password: string; noRedirect?: boolean; verificationCallbackUrl?: string }): Promise<Result<undefined, KnownErrors["UserWithEmailAlreadyExists"] | KnownErrors["PasswordRequirementsNotMet"]>> {
    return catchKnown(async () => {
      const callback = options.verificationCallbackUrl ?? (browserWindow() ? this._context.callbackUrl("emailVerification") : undefined);
      const tokens = await this._context.client("post", "/auth/password/sign-up", {
        body: { email: options.email, password: options.password, ...(callback !== undefined && { verification_callback_url: callback }) },
      }, this._session());
      await this.afterAuth({ ...tokens, is_new_user: true }, options.noRedirect);
      return undefined;
    }, [KnownErrors.UserWithEmailAlreadyExists, KnownErrors.PasswordRequirementsNotMet]);
  }

  /**
   * Mails a sign-in code and a link to `callbackUrl`; answers the nonce of the code, or
   * `RedirectUrlNotWhitelisted` as an error result for a callback outside the trusted domains.
   * @example
   * ```ts
   * const result = await app.sendMagicLinkEmail(email, { callbackUrl: "https://app.example.com/handler/magic-link-callback" });
   * ```
   */
  async sendMagicLinkEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<{ nonce: string }, KnownErrors["RedirectUrlNotWhitelisted"]>> {
    return catchKnown(async () => {
      const answer = await this._context.client("post", "/auth/otp/send-sign-in-code", { body: { email, callback_url: options?.callbackUrl ?? this._context.callbackUrl("magicLinkCallback") } }, this._context.noSession);
      return { nonce: answer.nonce };
    }, [KnownErrors.RedirectUrlNotWhitelisted]);
  }

  /** Signs in with the code of a magic link; an unknown, used or expired code (`VerificationCodeError`) is an error result, and a needed second factor opens the MFA page. @example `await app.signInWithMagicLink(code, { noRedirect: true });` */
  async signInWithMagicLink(code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/otp/sign-in", { body: { code } }, this._session()).catch((e: unknown) => this.handleMfa(e));
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /** Completes a sign-in that needs a second factor with a TOTP code and the attempt code; a wrong TOTP (`InvalidTotpCode`) or a spent attempt (`VerificationCodeError`) is an error result. @example `await app.signInWithMfa(totp, attemptCode, { noRedirect: true });` */
  async signInWithMfa(otp: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "totp", totp: otp, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /**
   * Completes a sign-in that needs a second factor with one of the user's recovery codes (Latchkey only);
   * answers how many unused codes remain. A wrong code is an `InvalidTotpCode` result, a spent attempt a
   * `VerificationCodeError`; a code used before rejects with an `HttpError` of status 409.
   * @example `const result = await app.signInWithRecoveryCode("abc123-…", attemptCode, { noRedirect: true });`
   */
  async signInWithRecoveryCode(recoveryCode: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<{ recoveryCodesRemaining: number }, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "recovery_code", recovery_code: recoveryCode, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return { recoveryCodesRemaining: tokens.recovery_codes_remaining ?? 0 };
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /**
   * Whether the user of a sign-in waiting for its second factor can give a passkey instead of a code
   * (Latchkey only): false when they have none or the project has passkeys off.
   * @example `const offerPasskey = await app.canUsePasskeyForMfa(attemptCode);`
   */
  async canUsePasskeyForMfa(code: string): Promise<boolean> {
    try {
      await this._context.client("post", "/auth/mfa/passkey/initiate", { body: { code } }, this._context.noSession);
      return true;
    } catch (caught) {
      if (caught instanceof HttpError && caught.status === 400) return false;
      if (caught instanceof KnownErrors.PasskeyAuthenticationNotEnabled || caught instanceof KnownErrors.VerificationCodeError) return false;
      throw caught;
    }
  }

  /**
   * Completes a sign-in that needs a second factor with one of the user's passkeys (Latchkey only): a
   * challenge for the attempt, the browser's signature, the sign-in. A refused or cancelled passkey is an
   * error result; a spent attempt a `VerificationCodeError`.
   * @example `const result = await app.signInWithPasskeyForMfa(attemptCode, { noRedirect: true });`
   */
  async signInWithPasskeyForMfa(
    code: string,
    options?: { noRedirect?: boolean },
  ): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["PasskeyAuthenticationFailed"] | KnownErrors["PasskeyWebAuthnError"]>> {
    let options_json: unknown;
    try {
      ({ options_json } = await this._context.client("post", "/auth/mfa/passkey/initiate", { body: { code } }, this._context.noSession));
    } catch (caught) {
      if (caught instanceof KnownErrors.VerificationCodeError) return error(caught);
      throw caught;
    }
    const optionsJSON = withHostname(options_json as Record<string, unknown>, "rpId", browserWindow()?.location.hostname ?? "");
    const { startAuthentication, WebAuthnError } = await webAuthn();
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
    } catch (caught) {
      const failure = webAuthnFailure(caught, WebAuthnError);
      if (failure) return error(failure as KnownErrors["PasskeyWebAuthnError"]);
      return error(new KnownErrors.PasskeyAuthenticationFailed({ message: "Failed to sign in with passkey" }, "Failed to sign in with passkey"));
    }
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "passkey", authentication_response: response as never, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.PasskeyAuthenticationFailed]);
  }

  /** Verifies an e-mail address with the code from its mail; an unknown, used or expired code is a `VerificationCodeError` result. @example `const result = await app.verifyEmail(code);` */
  async verifyEmail(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/contact-channels/verify", { body: { code } }, this._session()));
  }

  /** Mails a password-reset link to the e-mail if a user signs in with it; the answer is the same either way (the `UserNotFound` result stays for Stack compatibility). @example `await app.sendForgotPasswordEmail(email, { callbackUrl });` */
  async sendForgotPasswordEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<undefined, KnownErrors["UserNotFound"]>> {
    return catchKnown(async () => {
      await this._context.client("post", "/auth/password/send-reset-code", { body: { email, callback_url: options?.callbackUrl ?? this._context.callbackUrl("passwordReset") } }, this._context.noSession);
      return undefined;
    }, [KnownErrors.UserNotFound]);
  }

  /** Checks a password-reset code without using it; answers a `VerificationCodeError` result when it would fail. @example `const result = await app.verifyPasswordResetCode(code);` */
  verifyPasswordResetCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset/check-code", { body: { code } }, this._context.noSession));
  }

  /** Sets a new password with a reset code; an unknown, used or expired code is a `VerificationCodeError` result. @example `await app.resetPassword({ code, password });` */
  resetPassword(options: { code: string; password: string }): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset", { body: { code: options.code, password: options.password } }, this._context.noSession));
  }

  /** Checks a team invitation code without using it; answers a `VerificationCodeError` result when it would fail. @example `const result = await app.verifyTeamInvitationCode(code);` */
  verifyTeamInvitationCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept/check-code", { body: { code } }, this._session()));
  }

  /** Joins the team of an invitation code as the signed-in user; an unknown, used or expired code is a `VerificationCodeError` result. @example `await app.acceptTeamInvitation(code);` */
  acceptTeamInvitation(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept", { body: { code } }, this._session()));
  }

  /** The name of the team an invitation code is for, without using the code; a bad code is a `VerificationCodeError` result. @example `const details = await app.getTeamInvitationDetails(code);` */
  async getTeamInvitationDetails(code: string): Promise<Result<{ teamDisplayName: string }, KnownErrors["VerificationCodeError"]>> {
    return catchKnown(async () => {
      const details = await this._context.client("post", "/team-invitations/accept/details", { body: { code } }, this._session());
      return { teamDisplayName: details.team_display_name };
    }, [KnownErrors.VerificationCodeError]);
  }

  private async codeCall(call: () => Promise<unknown>): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return catchKnown(async () => {
      await call();
      this.changed();
      return undefined;
    }, [KnownErrors.VerificationCodeError]);
  }

  /**
   * Logs a command-line tool in: shows a confirmation link for a signed-in browser, then polls until the
   * user confirms; answers the refresh token.
   * @example
   * ```ts
   * const result = await app.promptCliLogin({ appUrl: "https://app.example.com" });
   * if (result.status === "ok") saveRefreshToken(result.data);
   * ```
   */
  promptCliLogin(options: CliLoginOptions): Promise<Result<string, KnownErrors["CliAuthError"] | KnownErrors["CliAuthExpiredError"] | KnownErrors["CliAuthUsedError"]>> {
    // Loaded on use: only command-line tools log in this way.
    return import("./cli-login.js").then(({ promptCliLogin }) => promptCliLogin(this._context, options));
  }

  /**
   * Signs the current user out (as `user.signOut()`); with nobody signed in, only the redirect happens.
   * @example
   * ```ts
   * await app.signOut({ redirectUrl: "/" });
   * ```
   */
  async signOut(options?: { redirectUrl?: URL | string; tokenStore?: TokenStoreInit }): Promise<void> {
    const user = await this.getUser(options?.tokenStore !== undefined ? { tokenStore: options.tokenStore } : {});
    if (user) await user.signOut(options?.redirectUrl !== undefined ? { redirectUrl: options.redirectUrl } : undefined);
    else if (options?.redirectUrl !== undefined) await this._context.redirect(String(options.redirectUrl));
  }

  /** Goes to the sign-in page (`urls.signIn`), which sends the user back to this page afterwards unless `noRedirectBack`, by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToSignIn({ replace: true });` */
  redirectToSignIn(options?: RedirectOptions) { return this.redirectToHandler("signIn", options); }
  /** Goes to the sign-up page (`urls.signUp`), which sends the user back to this page afterwards unless `noRedirectBack`, by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToSignUp();` */
  redirectToSignUp(options?: RedirectOptions) { return this.redirectToHandler("signUp", options); }
  /** Goes to the sign-out page (`urls.signOut`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToSignOut();` */
  redirectToSignOut(options?: RedirectOptions) { return this.redirectToHandler("signOut", options); }
  /** Goes to the page to show after a sign-in: the address's `after_auth_return_to` if any, else `urls.afterSignIn`, by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToAfterSignIn();` */
  redirectToAfterSignIn(options?: RedirectOptions) { return this.redirectToHandler("afterSignIn", options); }
  /** Goes to the page to show after a sign-up: the address's `after_auth_return_to` if any, else `urls.afterSignUp`, by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToAfterSignUp();` */
  redirectToAfterSignUp(options?: RedirectOptions) { return this.redirectToHandler("afterSignUp", options); }
  /** Goes to the page to show after a sign-out (`urls.afterSignOut`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToAfterSignOut();` */
  redirectToAfterSignOut(options?: RedirectOptions) { return this.redirectToHandler("afterSignOut", options); }
  /** Goes to the e-mail verification page (`urls.emailVerification`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToEmailVerification();` */
  redirectToEmailVerification(options?: RedirectOptions) { return this.redirectToHandler("emailVerification", options); }
  /** Goes to the password-reset page (`urls.passwordReset`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToPasswordReset();` */
  redirectToPasswordReset(options?: RedirectOptions) { return this.redirectToHandler("passwordReset", options); }
  /** Goes to the forgot-password page (`urls.forgotPassword`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToForgotPassword();` */
  redirectToForgotPassword(options?: RedirectOptions) { return this.redirectToHandler("forgotPassword", options); }
  /** Goes to the app's home page (`urls.home`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToHome();` */
  redirectToHome(options?: RedirectOptions) { return this.redirectToHandler("home", options); }
  /** Goes to the magic-link callback page (`urls.magicLinkCallback`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToMagicLinkCallback();` */
  redirectToMagicLinkCallback(options?: RedirectOptions) { return this.redirectToHandler("magicLinkCallback", options); }
  /** Goes to the account settings page (`urls.accountSettings`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToAccountSettings();` */
  redirectToAccountSettings(options?: RedirectOptions) { return this.redirectToHandler("accountSettings", options); }
  /** Goes to the team invitation page (`urls.teamInvitation`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToTeamInvitation();` */
  redirectToTeamInvitation(options?: RedirectOptions) { return this.redirectToHandler("teamInvitation", options); }
  /** Goes to the second-factor page (`urls.mfa`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToMfa();` */
  redirectToMfa(options?: RedirectOptions) { return this.redirectToHandler("mfa", options); }
  /** Goes to the error page (`urls.error`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToError();` */
  redirectToError(options?: RedirectOptions) { return this.redirectToHandler("error", options); }

  private async redirectToHandler(page: keyof HandlerUrls, options: RedirectOptions = {}): Promise<void> {
    let url = this.urls[page];
    const win = browserWindow();
    if (!options.noRedirectBack && win) {
      if (page === "afterSignIn" || page === "afterSignUp") url = new URLSearchParams(win.location.search).get("after_auth_return_to") ?? url;
      else if (page === "signIn" || page === "signUp") url = withReturnTo(url);
    }
    await redirectTo(this._redirectMethod(), url, options, sleep);
  }
}

export interface RedirectOptions {
  replace?: boolean;
  noRedirectBack?: boolean;
}

/** The key under which the MFA page finds the attempt code (as Stack's SDK stores it). */
export const mfaAttemptCodeKey = "stack_mfa_attempt_code";

/** `url` as a path when it is on `origin` (or already relative); null for other sites. */
function sameOriginPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : null;
  } catch {
    return null;
  }
}

function missing(what: string): never {
  throw new Error(`Missing ${what}: pass it to the app's constructor`);
}

/** Methods of users of the internal project (project owners); installed by the admin layer. */
export const internalUserHooks: { methods?: (app: LatchkeyClientApp, session: Session) => object } = {};
function internalUserMethods(app: LatchkeyClientApp, session: Session): object {
  return internalUserHooks.methods?.(app, session) ?? {};
}

export type { KnownError, Tokens };
export { ok, error };
