/**
 * The client app's wiring: the transport, the sessions, the caches and their change listeners, the
 * redirect method and the handler pages' redirects. The sign-in flows (client-app-sign-in.ts) and the
 * rest of the public surface (client-app.ts) build on it.
 */
import { AsyncCache } from "../core/cache/async-cache.js";
import type { Session } from "../core/tokens/session.js";
import type { TokenStoreInit } from "../core/tokens/token-store.js";
import type { CookieJar } from "../core/tokens/cookie-store.js";
import { Transport } from "../core/transport/transport.js";
import { sleep } from "../core/transport/retry.js";
import { typedApi } from "../core/transport/typed-api.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { AdminPaths, ClientPaths, ServerPaths } from "../generated.js";
import { version } from "../version.js";
import type { AppContext, ClientUserJson, OAuthStartOptions } from "./context.js";
import { environment } from "./environment.js";
import type { ProjectJson } from "./objects/project.js";
import { createCurrentUser, type CurrentUser } from "./objects/user.js";
import { absoluteRedirectUrl, authorizeUrl, saveVerifier } from "./oauth.js";
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

/** What every layer of the client app shares (see client-app.ts for the public class). */
export class ClientAppCore {
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

  protected async startOAuth(start: OAuthStartOptions): Promise<never> {
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

  /** Goes to the OAuth callback page (`urls.oauthCallback`), by the app's redirect method; resolves without navigating with `redirectMethod: "none"`. @example `await app.redirectToOAuthCallback();` */
  redirectToOAuthCallback(options?: RedirectOptions) { return this.redirectToHandler("oauthCallback", options); }

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

function missing(what: string): never {
  throw new Error(`Missing ${what}: pass it to the app's constructor`);
}

/** Methods of users of the internal project (project owners); installed by the admin layer. */
export const internalUserHooks: { methods?: (app: ClientAppCore, session: Session) => object } = {};
function internalUserMethods(app: ClientAppCore, session: Session): object {
  return internalUserHooks.methods?.(app, session) ?? {};
}
