/**
 * Stack's `StackServerApp` of `@stackframe/stack`: the server app whose `tokenStore: "nextjs-cookie"` is the
 * visitor's cookies, read with `next/headers` in server components, route handlers and server actions,
 * and whose `redirectMethod: "nextjs"` redirects with Next's `redirect()` (a sign-in page redirect carries
 * the path the middleware helper passed on, so the visitor comes back after signing in). Calls made for
 * a visitor send the visitor's address (x-latchkey-end-user-ip) unless `endUserIp` says otherwise.
 */
import { redirect } from "next/navigation";
import { LatchkeyServerApp, type RedirectMethod, type ServerAppOptions, type TokenStoreInit } from "@latchkey/js";
import type { Session } from "@latchkey/js/internal";
import { currentScope, inRequestScope, type WatchStore } from "./request-scope.js";

/** The methods that use the app's own token store, run with the request's cookies. */
const sessionMethods = [
  "getUser", "getItem", "signInWithCredential", "signUpWithCredential", "signInWithMagicLink", "signInWithMfa",
  "verifyEmail", "verifyTeamInvitationCode", "acceptTeamInvitation", "getTeamInvitationDetails",
] as const;

/** Whether a call names its own token store or user (then the request's cookies are not needed). */
function namesItsOwnStore(args: readonly unknown[]): boolean {
  const [first] = args;
  if (typeof first === "string") return false;
  return typeof first === "object" && first !== null && (("tokenStore" in first && first.tokenStore !== undefined) || "apiKey" in first);
}

/**
 * @example
 * ```ts
 * import "server-only";
 * import { StackServerApp } from "@latchkey/next";
 * export const stackServerApp = new StackServerApp({ tokenStore: "nextjs-cookie" });
 * ```
 */
export class StackServerApp extends LatchkeyServerApp {
  private readonly usesRequestCookies: boolean;
  private readonly nextRedirects: boolean;

  constructor(options: ServerAppOptions) {
    // The settings' NEXT_PUBLIC_STACK_* and STACK_* variables are read when the app is made, on the server.
    // Requests made for a visitor name the visitor's address, so the server's per-address limits count
    // the visitor and not this one Next.js server that asks for all of them.
    super({ ...options, endUserIp: options.endUserIp ?? (() => currentScope()?.visitorAddress ?? null) });
    const onServer = typeof window === "undefined";
    this.usesRequestCookies = onServer && (options.tokenStore === "nextjs-cookie" || options.tokenStore === "cookie");
    this.nextRedirects = onServer && (options.redirectMethod === undefined || options.redirectMethod === "nextjs");
  }

  /** @internal The request's cookie store when the call runs in a request scope. */
  override _session(tokenStore?: TokenStoreInit): Session {
    return super._session(tokenStore ?? currentScope()?.tokenStore);
  }

  /** @internal */
  override _signIn(tokens: { access_token: string; refresh_token: string }, tokenStore?: TokenStoreInit): void {
    super._signIn(tokens, tokenStore ?? currentScope()?.tokenStore);
  }

  /** @internal `redirect()` of next/navigation on the server; a sign-in or sign-up page gets the visitor's path to come back to. */
  override _redirectMethod(): RedirectMethod {
    if (!this.nextRedirects) return super._redirectMethod();
    const requestPath = currentScope()?.requestPath ?? null;
    const { signIn, signUp } = this.urls;
    return {
      navigate: (to) => {
        const url = new URL(to, "http://n");
        if (requestPath !== null && (url.pathname === signIn || url.pathname === signUp) && !url.searchParams.has("after_auth_return_to")) {
          url.searchParams.set("after_auth_return_to", requestPath);
        }
        redirect(url.origin === "http://n" ? url.pathname + url.search + url.hash : url.toString());
      },
    };
  }

  /** @internal Runs `call` with the current request's cookies when the app keeps its tokens there. */
  _inRequest<T>(args: readonly unknown[], call: () => Promise<T>): Promise<T> {
    if (!this.usesRequestCookies || namesItsOwnStore(args)) return call();
    const watch: WatchStore = (tokenStore, write) => this._sessions.store(tokenStore)?.onChange(write);
    return inRequestScope(this.projectId, watch, call);
  }
}

for (const name of sessionMethods) {
  const original = LatchkeyServerApp.prototype[name] as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(StackServerApp.prototype, name, {
    configurable: true,
    writable: true,
    value: function (this: StackServerApp, ...args: unknown[]) {
      return this._inRequest(args, () => original.apply(this, args));
    },
  });
}
