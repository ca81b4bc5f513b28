import { useMemo, useSyncExternalStore } from "react";
import { useThenable } from "./use-thenable.js";
import type { CurrentUser, LatchkeyClientApp, TokenStoreInit } from "@latchkey/js";
import type { Session } from "@latchkey/js/internal";
import { installObjectHooks, type Hooked } from "../app/object-hooks.js";
import { useStackApp } from "../provider.js";
import { useBuilt, useCachedValue } from "./use-cached.js";

export interface UseUserOptions {
  /**
   * What to do when nobody is signed in: answer null (the default), throw, redirect to the sign-in page
   * (the component suspends meanwhile), or sign up an anonymous user.
   */
  or?: "redirect" | "throw" | "return-null" | "anonymous";
  /** A token store other than the app's own. */
  tokenStore?: TokenStoreInit;
}

const never = new Promise<never>(() => undefined);
const pendingAnonymous = new WeakMap<LatchkeyClientApp, Promise<CurrentUser>>();
const redirecting = new WeakSet<LatchkeyClientApp>();

/**
 * The session the app's token store holds now; re-read after every change the app makes (sign-in,
 * sign-out), so components re-render with the new user.
 */
export function useSession(app: LatchkeyClientApp, tokenStore?: TokenStoreInit): Session {
  const version = useSyncExternalStore(app._onChange, () => app._changeCount, () => app._changeCount);
  return useMemo(() => {
    void version;
    return app._session(tokenStore);
  }, [app, tokenStore, version]);
}

/**
 * The signed-in user, kept up to date: a sign-in, a sign-out or an update made through the app re-renders
 * the component. Suspends while the user is first read. Stack's `useUser`.
 *
 * @example
 * ```tsx
 * function Greeting() {
 *   const user = useUser({ or: "redirect" });
 *   return <p>Hello, {user.displayName ?? user.primaryEmail}</p>;
 * }
 * ```
 */
export function useUser(options: UseUserOptions & { or: "redirect" | "throw" | "anonymous" }): Hooked<CurrentUser>;
export function useUser(options?: UseUserOptions): Hooked<CurrentUser> | null;
export function useUser(options: UseUserOptions = {}): Hooked<CurrentUser> | null {
  return useUserOf(useStackApp(), options) as Hooked<CurrentUser> | null;
}

installObjectHooks();

/** `useUser` for a given app (`app.useUser()`). */
export function useUserOf(app: LatchkeyClientApp, options: UseUserOptions = {}): CurrentUser | null {
  const session = useSession(app, options.tokenStore);
  const json = useCachedValue(app._currentUserCache(), [session]);
  const user = useBuilt(json, (value) => (value ? app._currentUserFromJson(session, value) : null), [app, session]);
  if (user && json && (!json.is_anonymous || options.or === "anonymous")) return user;
  switch (options.or) {
    case "throw":
      throw new Error("No user is signed in, but useUser was called with { or: 'throw' }");
    case "redirect":
      if (!redirecting.has(app)) {
        redirecting.add(app);
        void app.redirectToSignIn({ replace: true }).finally(() => redirecting.delete(app));
      }
      return useThenable(never);
    case "anonymous": {
      let pending = pendingAnonymous.get(app);
      if (!pending) {
        pending = app.getUser({ or: "anonymous", ...(options.tokenStore !== undefined && { tokenStore: options.tokenStore }) }).finally(() => pendingAnonymous.delete(app));
        pendingAnonymous.set(app, pending);
      }
      return useThenable(pending);
    }
    default:
      return null;
  }
}
