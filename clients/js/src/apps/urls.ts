/** The app's handler pages (Stack's `HandlerUrls`). */
export interface HandlerUrls {
  handler: string;
  signIn: string;
  signUp: string;
  afterSignIn: string;
  afterSignUp: string;
  signOut: string;
  afterSignOut: string;
  emailVerification: string;
  passwordReset: string;
  forgotPassword: string;
  home: string;
  oauthCallback: string;
  magicLinkCallback: string;
  accountSettings: string;
  teamInvitation: string;
  mfa: string;
  error: string;
  cliAuthConfirm: string;
}

/** The handler URLs with Stack's defaults under `/handler`. */
export function handlerUrls(partial: Partial<HandlerUrls> = {}): HandlerUrls {
  const handler = partial.handler ?? "/handler";
  const home = partial.home ?? "/";
  const afterSignIn = partial.afterSignIn ?? home;
  const defined = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
  return {
    handler,
    signIn: `${handler}/sign-in`,
    afterSignIn: home,
    signUp: `${handler}/sign-up`,
    afterSignUp: afterSignIn,
    signOut: `${handler}/sign-out`,
    afterSignOut: home,
    emailVerification: `${handler}/email-verification`,
    passwordReset: `${handler}/password-reset`,
    forgotPassword: `${handler}/forgot-password`,
    oauthCallback: `${handler}/oauth-callback`,
    magicLinkCallback: `${handler}/magic-link-callback`,
    home,
    accountSettings: `${handler}/account-settings`,
    error: `${handler}/error`,
    teamInvitation: `${handler}/team-invitation`,
    mfa: `${handler}/mfa`,
    cliAuthConfirm: `${handler}/cli-auth-confirm`,
    ...defined,
  };
}

/**
 * The trusted-redirect rule: the SDK only redirects to relative URLs (paths on the app's own origin), so a
 * crafted `after_auth_return_to` cannot send users to another site.
 */
export function isTrustedRedirect(url: string): boolean {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return false;
  return !url.startsWith("//") && !url.startsWith("\\") && !url.startsWith("/\\");
}

/** How the app navigates: "window" (location), "none" (never), "nextjs" (as window), or a custom navigate. */
export type RedirectMethod = "window" | "none" | "nextjs" | { useNavigate?: () => (to: string) => void; navigate?: (to: string) => void };

/** Wait after a window redirect, so code after it does not run while the page unloads (SPEC section 9). */
export const redirectWaitMs = 2000;

export interface WindowLike {
  location: { href: string; origin: string; search: string; hostname: string; protocol: string; assign(url: string): void; replace(url: string): void };
  history?: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage?: { setItem(key: string, value: string): void; getItem(key: string): string | null };
}

export const browserWindow = (): WindowLike | undefined => (globalThis as { window?: WindowLike }).window;

/** Navigates by `method`; throws for untrusted URLs. */
export async function redirectTo(method: RedirectMethod, url: string, options: { replace?: boolean } = {}, wait: (ms: number) => Promise<void>): Promise<void> {
  if (!isTrustedRedirect(url)) throw new Error(`Redirect URL ${url} is not trusted; it must be relative to the app`);
  if (method === "none") return;
  if (typeof method === "object") {
    if (!method.navigate) throw new Error("The redirect method has no navigate function outside React; pass `navigate` too");
    method.navigate(url);
    return;
  }
  const win = browserWindow();
  if (!win) return;
  if (options.replace) win.location.replace(url);
  else win.location.assign(url);
  await wait(redirectWaitMs);
}

/** The URL of a handler page with `after_auth_return_to` kept or set (sign-in and sign-up pages). */
export function withReturnTo(url: string): string {
  const win = browserWindow();
  if (!win) return url;
  const current = new URL(win.location.href);
  const next = new URL(url, current);
  const returnTo = current.searchParams.get("after_auth_return_to");
  if (returnTo !== null) next.searchParams.set("after_auth_return_to", returnTo);
  else if (next.origin === current.origin) next.searchParams.set("after_auth_return_to", current.pathname + current.search + current.hash);
  return next.pathname + next.search + next.hash;
}
