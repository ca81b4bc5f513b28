import type { AsyncCache } from "../core/cache/async-cache.js";
import type { Session } from "../core/tokens/session.js";
import type { TypedApi } from "../core/transport/typed-api.js";
import type { AdminPaths, ClientComponents, ClientPaths, ServerComponents, ServerPaths } from "../generated.js";

export type ClientUserJson = ClientComponents["schemas"]["ClientUser"];
export type ServerUserJson = ServerComponents["schemas"]["ServerUser"];
export type ClientTeamJson = ClientComponents["schemas"]["ClientTeam"];
export type ServerTeamJson = ServerComponents["schemas"]["ServerTeam"];

/**
 * What the object factories (users, teams, keys, ...) need from the app that made them: the typed
 * request functions per access level, the caches, and the hook that refreshes lists after a change.
 */
export interface AppContext {
  readonly projectId: string;
  readonly client: TypedApi<ClientPaths>;
  /** Present on server and admin apps. */
  readonly server?: TypedApi<ServerPaths>;
  /** Present on admin apps. */
  readonly admin?: TypedApi<AdminPaths>;
  /** A session without tokens: requests that must not carry the user's. */
  readonly noSession: Session;
  /** Call after every change: cached reads are dropped and watched ones fetched again. */
  changed(): void;
  /** A cache owned by the app, made once per name. */
  cache<K extends readonly unknown[], V>(name: string, fetcher: (key: K) => Promise<V>): AsyncCache<K, V>;
  /** Signs the session out locally and drops its cached reads. */
  sessionEnded(session: Session): void;
  /** An absolute URL for one of the app's handler pages (callback URLs default to these). */
  callbackUrl(page: "emailVerification" | "passwordReset" | "teamInvitation" | "magicLinkCallback"): string;
  /** Opens the URL the redirect method says (for the "redirect" options). */
  redirect(url: string): Promise<void>;
  /** Starts an outer OAuth flow in the browser; never resolves (the page navigates to the provider). */
  startOAuth(options: OAuthStartOptions): Promise<never>;
  /** Extra provider scopes asked for on every sign-in with a provider (the app's `oauthScopesOnSignIn`). */
  readonly oauthScopesOnSignIn: Readonly<Record<string, readonly string[]>>;
}

export interface OAuthStartOptions {
  provider: string;
  type: "authenticate" | "link";
  session: Session;
  providerScope?: string;
  /** Where the provider sends the browser back (the app's OAuth callback page by default). */
  redirectUrl?: string;
  /** Link flows: the page to return to after the callback. */
  afterCallbackRedirectUrl?: string;
}

/** Needs the server layer: throws a plain error naming the method otherwise. */
export function serverApi(context: AppContext): TypedApi<ServerPaths> {
  if (!context.server) throw new Error("This method needs a server app (constructed with a secret server key)");
  return context.server;
}

export function adminApi(context: AppContext): TypedApi<AdminPaths> {
  if (!context.admin) throw new Error("This method needs an admin app (constructed with a super secret admin key or a project owner session)");
  return context.admin;
}

export const toDate = (millis: number): Date => new Date(millis);
export const optionalDate = (millis: number | null | undefined): Date | undefined => (millis === undefined || millis === null ? undefined : new Date(millis));
