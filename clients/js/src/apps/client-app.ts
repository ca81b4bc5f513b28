import { AsyncCache } from "../core/cache/async-cache.js";
import type { KnownError } from "../core/errors/known-error.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { Session, Tokens } from "../core/tokens/session.js";
import type { TokenStoreInit } from "../core/tokens/token-store.js";
import { Transport } from "../core/transport/transport.js";
import { sleep } from "../core/transport/retry.js";
import { typedApi } from "../core/transport/typed-api.js";
import type { AdminPaths, ClientPaths, ServerPaths } from "../generated.js";
import { catchKnown, error, ok, type Result } from "../result.js";
import { version } from "../version.js";
import type { AppContext, ClientUserJson } from "./context.js";
import { promptCliLogin, type CliLoginOptions } from "./cli-login.js";
import { environment } from "./environment.js";
import { getClientItem, type Item, type ItemOwner } from "./objects/item.js";
import { projectOf, type Project } from "./objects/project.js";
import { createCurrentUser, type CurrentUser } from "./objects/user.js";
import { SessionRegistry } from "./sessions.js";
import { browserWindow, handlerUrls, redirectTo, withReturnTo, type HandlerUrls, type RedirectMethod } from "./urls.js";

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
      redirect: (url) => redirectTo(this.redirectMethod, url, {}, sleep),
    };
  }

  /** Drops every cached read; watched ones are fetched again. Called after every change. */
  protected changed(): void {
    for (const cache of this.caches.values()) cache.invalidateAll();
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
    return this._context.cache<[Session], ClientUserJson | null>("currentUser", async ([s]) => {
      if (s.isKnownToBeInvalid()) return null;
      try {
        return await this._context.client("get", "/users/me", {}, s);
      } catch (caught) {
        if (caught instanceof KnownErrors.CannotGetOwnUserWithoutUser) return null;
        throw caught;
      }
    }).get([session]);
  }

  /** @internal Builds the user object for this layer. */
  protected _currentUserFromJson(session: Session, json: ClientUserJson): CurrentUser {
    const user = createCurrentUser(this._context, session, json);
    return this.projectId === "internal" ? Object.assign(user, internalUserMethods(this, session)) : user;
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
   * The project's public configuration.
   * @example
   * ```ts
   * const { config } = await app.getProject();
   * if (config.signUpEnabled) showSignUp();
   * ```
   */
  async getProject(): Promise<Project> {
    const json = await this._context.cache<[], Awaited<ReturnType<typeof this.fetchProject>>>("project", () => this.fetchProject()).get([]);
    return projectOf(json);
  }

  private fetchProject() {
    return this._context.client("get", "/projects/current", {}, this._context.noSession);
  }

  /**
   * An item of a user, a team or a custom customer.
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

  private async handleMfa(caught: unknown): Promise<never> {
    if (caught instanceof KnownErrors.MultiFactorAuthenticationRequired) {
      const attemptCode = caught.details?.attempt_code;
      const storage = (globalThis as { sessionStorage?: { setItem(key: string, value: string): void } }).sessionStorage;
      if (typeof attemptCode === "string") storage?.setItem("stack_mfa_attempt_code", attemptCode);
      await this.redirectToMfa();
    }
    throw caught;
  }

  /**
   * Signs in with an e-mail and a password; wrong credentials and an invalid second factor come back as
   * an error result.
   * @example
   * ```ts
   * const result = await app.signInWithCredential({ email, password, noRedirect: true });
   * if (result.status === "error") console.log(result.error.message);
   * ```
   */
  async signInWithCredential(options: { email: string; password: string; noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["EmailPasswordMismatch"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/password/sign-in", { body: { email: options.email, password: options.password } }, this._session()).catch((e: unknown) => this.handleMfa(e));
      await this.afterAuth(tokens, options.noRedirect);
      return undefined;
    }, [KnownErrors.EmailPasswordMismatch, KnownErrors.InvalidTotpCode]);
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
   * Mails a sign-in code and link.
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

  /** Signs in with the code of a magic link. @example `await app.signInWithMagicLink(code, { noRedirect: true });` */
  async signInWithMagicLink(code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/otp/sign-in", { body: { code } }, this._session()).catch((e: unknown) => this.handleMfa(e));
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /** Completes a sign-in that needs a second factor. @example `await app.signInWithMfa(totp, attemptCode, { noRedirect: true });` */
  async signInWithMfa(otp: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
    return catchKnown(async () => {
      const tokens = await this._context.client("post", "/auth/mfa/sign-in", { body: { type: "totp", totp: otp, code } }, this._context.noSession);
      await this.afterAuth(tokens, options?.noRedirect);
      return undefined;
    }, [KnownErrors.VerificationCodeError, KnownErrors.InvalidTotpCode]);
  }

  /** Verifies an e-mail address with the code from its mail. @example `const result = await app.verifyEmail(code);` */
  async verifyEmail(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/contact-channels/verify", { body: { code } }, this._session()));
  }

  /** Mails a password-reset code. @example `await app.sendForgotPasswordEmail(email, { callbackUrl });` */
  async sendForgotPasswordEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<undefined, KnownErrors["UserNotFound"]>> {
    return catchKnown(async () => {
      await this._context.client("post", "/auth/password/send-reset-code", { body: { email, callback_url: options?.callbackUrl ?? this._context.callbackUrl("passwordReset") } }, this._context.noSession);
      return undefined;
    }, [KnownErrors.UserNotFound]);
  }

  /** Checks a password-reset code without using it. @example `const result = await app.verifyPasswordResetCode(code);` */
  verifyPasswordResetCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset/check-code", { body: { code } }, this._context.noSession));
  }

  /** Sets a new password with a reset code. @example `await app.resetPassword({ code, password });` */
  resetPassword(options: { code: string; password: string }): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/auth/password/reset", { body: { code: options.code, password: options.password } }, this._context.noSession));
  }

  /** Checks a team invitation code. @example `const result = await app.verifyTeamInvitationCode(code);` */
  verifyTeamInvitationCode(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept/check-code", { body: { code } }, this._session()));
  }

  /** Joins the team of an invitation code as the signed-in user. @example `await app.acceptTeamInvitation(code);` */
  acceptTeamInvitation(code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
    return this.codeCall(() => this._context.client("post", "/team-invitations/accept", { body: { code } }, this._session()));
  }

  /** The team an invitation code is for. @example `const details = await app.getTeamInvitationDetails(code);` */
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
    return promptCliLogin(this._context, options);
  }

  /** @example `await app.redirectToSignIn();` */
  redirectToSignIn(options?: RedirectOptions) { return this.redirectToHandler("signIn", options); }
  /** @example `await app.redirectToSignUp();` */
  redirectToSignUp(options?: RedirectOptions) { return this.redirectToHandler("signUp", options); }
  /** @example `await app.redirectToSignOut();` */
  redirectToSignOut(options?: RedirectOptions) { return this.redirectToHandler("signOut", options); }
  /** @example `await app.redirectToAfterSignIn();` */
  redirectToAfterSignIn(options?: RedirectOptions) { return this.redirectToHandler("afterSignIn", options); }
  /** @example `await app.redirectToAfterSignUp();` */
  redirectToAfterSignUp(options?: RedirectOptions) { return this.redirectToHandler("afterSignUp", options); }
  /** @example `await app.redirectToAfterSignOut();` */
  redirectToAfterSignOut(options?: RedirectOptions) { return this.redirectToHandler("afterSignOut", options); }
  /** @example `await app.redirectToEmailVerification();` */
  redirectToEmailVerification(options?: RedirectOptions) { return this.redirectToHandler("emailVerification", options); }
  /** @example `await app.redirectToPasswordReset();` */
  redirectToPasswordReset(options?: RedirectOptions) { return this.redirectToHandler("passwordReset", options); }
  /** @example `await app.redirectToForgotPassword();` */
  redirectToForgotPassword(options?: RedirectOptions) { return this.redirectToHandler("forgotPassword", options); }
  /** @example `await app.redirectToHome();` */
  redirectToHome(options?: RedirectOptions) { return this.redirectToHandler("home", options); }
  /** @example `await app.redirectToMagicLinkCallback();` */
  redirectToMagicLinkCallback(options?: RedirectOptions) { return this.redirectToHandler("magicLinkCallback", options); }
  /** @example `await app.redirectToAccountSettings();` */
  redirectToAccountSettings(options?: RedirectOptions) { return this.redirectToHandler("accountSettings", options); }
  /** @example `await app.redirectToTeamInvitation();` */
  redirectToTeamInvitation(options?: RedirectOptions) { return this.redirectToHandler("teamInvitation", options); }
  /** @example `await app.redirectToMfa();` */
  redirectToMfa(options?: RedirectOptions) { return this.redirectToHandler("mfa", options); }
  /** @example `await app.redirectToError();` */
  redirectToError(options?: RedirectOptions) { return this.redirectToHandler("error", options); }

  private async redirectToHandler(page: keyof HandlerUrls, options: RedirectOptions = {}): Promise<void> {
    let url = this.urls[page];
    const win = browserWindow();
    if (!options.noRedirectBack && win) {
      if (page === "afterSignIn" || page === "afterSignUp") url = new URLSearchParams(win.location.search).get("after_auth_return_to") ?? url;
      else if (page === "signIn" || page === "signUp") url = withReturnTo(url);
    }
    await redirectTo(this.redirectMethod, url, options, sleep);
  }
}

export interface RedirectOptions {
  replace?: boolean;
  noRedirectBack?: boolean;
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
