/**
 * Where the components may send people (SPEC section 2): a target is followed only when it is relative
 * (a path on this origin) or on a trusted domain of the project; `after_auth_return_to` is carried from
 * the sign-in and sign-up pages to the redirect after signing in or up.
 */

/** The domains a redirect may leave this origin for. */
export interface RedirectPolicy {
  /** Base URLs of the project's trusted domains; hosts may hold `*` (one label) and `**` (any labels). */
  trustedBaseUrls: readonly string[];
  /** Trust localhost on any port. */
  allowLocalhost: boolean;
}

export const relativeOnly: RedirectPolicy = { trustedBaseUrls: [], allowLocalhost: false };

/** A relative address that stays on this origin (no scheme, no `//host`, no backslash tricks). */
export function isRelativeUrl(url: string): boolean {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return false;
  if (/[\s\\]/.test(url.replace(/ /g, ""))) return false;
  return !url.startsWith("//");
}

function hostPattern(host: string): RegExp {
  const parts = host.toLowerCase().split("**").map((part) => part.split("*").map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^.]*"));
  return new RegExp(`^${parts.join(".*")}$`);
}

function matchesBase(target: URL, base: string): boolean {
  const match = /^(https?):\/\/([^/:]+)(?::(\d+))?/i.exec(base.trim());
  if (!match) return false;
  const [, scheme, host, port] = match;
  if (`${scheme!.toLowerCase()}:` !== target.protocol) return false;
  const defaultPort = target.protocol === "https:" ? "443" : "80";
  if ((port ?? defaultPort) !== (target.port || defaultPort)) return false;
  return hostPattern(host!).test(target.hostname.toLowerCase());
}

const isLocalhost = (host: string) => host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";

/** Whether `url` may be followed from a page at `origin` under `policy`. */
export function isTrustedTarget(url: string, policy: RedirectPolicy, origin: string): boolean {
  if (isRelativeUrl(url)) return true;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return false;
  if (target.username || target.password) return false;
  if (target.origin === origin) return true;
  if (policy.allowLocalhost && isLocalhost(target.hostname)) return true;
  return policy.trustedBaseUrls.some((base) => matchesBase(target, base));
}

/** Raised instead of redirecting to an untrusted address. */
export class UntrustedRedirectError extends Error {
  constructor(readonly url: string) {
    super(`Redirect URL ${url} is not trusted`);
    this.name = "UntrustedRedirectError";
  }
}

/** `url` with the current page's `after_auth_return_to` (and any extra parameters) kept. */
export function carryReturnTo(url: string, current: URL): string {
  const next = new URL(url, current);
  const returnTo = current.searchParams.get("after_auth_return_to");
  if (returnTo !== null && !next.searchParams.has("after_auth_return_to")) next.searchParams.set("after_auth_return_to", returnTo);
  return next.origin === current.origin ? next.pathname + next.search + next.hash : next.toString();
}
