/**
 * Trusted redirect and callback URLs (projects-and-config.md §6): where the server may send people,
 * e.g. the links in e-mails and OAuth redirects. A URL is trusted when it is an absolute http(s) URL
 * and its origin is the server's own, or a localhost origin while the project allows localhost, or the
 * origin of one of the project's trusted domains. Paths never matter.
 */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "./config/project-config.js";

export interface TrustedDomain {
  /** An http(s) URL whose host may hold `*` (within one DNS label) and `**` (across labels) wildcards. */
  baseUrl?: string;
  handlerPath?: string;
}

export interface RedirectPolicy {
  trustedDomains: readonly TrustedDomain[];
  /** Trust `localhost`, `*.localhost` and `127.x.x.x` on any port, over http or https. */
  allowLocalhost: boolean;
  /** The server's public URL; only its origin is used. */
  serverOrigin: string;
}

/**
 * Whether the server may redirect to `url` under `policy`. Never throws: anything that is not an
 * absolute http(s) URL without credentials, whitespace or backslashes is untrusted.
 *
 * @example
 * isTrustedUrl("https://app.example.com/handler/magic-link-callback", {
 *   trustedDomains: [{ baseUrl: "https://*.example.com" }], allowLocalhost: false, serverOrigin: "https://auth.example.com",
 * }); // true
 */
export function isTrustedUrl(url: string, policy: RedirectPolicy): boolean {
  const candidate = parseRedirectUrl(url);
  if (!candidate) return false;
  if (candidate.origin === originOf(policy.serverOrigin)) return true;
  if (policy.allowLocalhost && isLocalhost(candidate.hostname)) return true;
  return policy.trustedDomains.some((domain) => domain.baseUrl !== undefined && matchesBaseUrl(candidate, domain.baseUrl));
}

/** The policy of a project: its rendered `domains` config, and the server's public URL. */
export function redirectPolicy(deps: Pick<AppDeps, "config">, project: ProjectRow): RedirectPolicy {
  const { domains } = renderProjectConfig(project);
  return {
    trustedDomains: Object.values(domains.trustedDomains),
    allowLocalhost: domains.allowLocalhost,
    serverOrigin: deps.config.publicUrl,
  };
}

/** Throws REDIRECT_URL_NOT_WHITELISTED unless `url` is trusted for this project. */
export function assertTrustedUrl(deps: Pick<AppDeps, "config">, project: ProjectRow, url: string): void {
  if (!isTrustedUrl(url, redirectPolicy(deps, project))) throw knownError("REDIRECT_URL_NOT_WHITELISTED");
}

/**
 * `url` with the query parameter `name` set to `value`: earlier values of `name` are dropped, the other
 * parameters and the fragment are kept as they were written. Throws a TypeError when `url` is not a URL.
 *
 * @example
 * withQueryParam("https://app.example.com/verify?lang=en#top", "code", "abc");
 * // "https://app.example.com/verify?lang=en&code=abc#top"
 */
export function withQueryParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  const pairs = parsed.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && queryKey(pair) !== name);
  pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  parsed.search = `?${pairs.join("&")}`;
  return parsed.toString();
}

// ---- Parsing and matching ------------------------------------------------------------------------

const httpPrefix = /^https?:\/\//i;
/** Whitespace, control characters and backslashes, which parsers disagree about. */
const ambiguous = /[\s\u0000-\u001f\u007f\\]/;

/**
 * The parsed URL when `url` is written as `http(s)://host[:port]…` with a plain authority: no userinfo
 * (not even an empty `@`), no percent-escapes in the host, and a host of plain DNS labels (as the parser writes
 * them: lowercase, IDN as punycode; none empty, so no `.a.com`, `a..com`, `a.com.`) or an IPv6 literal.
 */
function parseRedirectUrl(url: string): URL | undefined {
  if (typeof url !== "string" || !httpPrefix.test(url) || ambiguous.test(url)) return undefined;
  const authority = /^https?:\/\/([^/?#]*)/i.exec(url)![1]!;
  if (/[@%]/.test(authority)) return undefined;
  const parsed = tryParse(url);
  if (!parsed || parsed.username || parsed.password || parsed.hostname === "") return undefined;
  const { hostname } = parsed;
  if (hostname.startsWith("[")) return /^\[[0-9a-f:.]+\]$/.test(hostname) ? parsed : undefined;
  if (!/^[a-z0-9_.-]+$/.test(hostname) || hostname.split(".").includes("")) return undefined;
  return parsed;
}

export function isLocalhost(hostname: string): boolean {
  // The URL parser has already rewritten other IPv4 spellings (127.1, 0x7f.0.0.1) as dotted decimal.
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Same scheme, same port (a pattern without one means the scheme's default port) and a host matching
 * the pattern's host, case-insensitively and after IDN conversion, both done by the URL parser.
 */
function matchesBaseUrl(candidate: URL, baseUrl: string): boolean {
  if (!httpPrefix.test(baseUrl) || ambiguous.test(baseUrl)) return false;
  const pattern = tryParse(baseUrl);
  if (!pattern || pattern.username || pattern.password) return false;
  if (pattern.protocol !== candidate.protocol || pattern.port !== candidate.port) return false;
  const host = hostPattern(pattern.hostname);
  return host !== undefined && host.test(candidate.hostname);
}

/** `*` matches within one label, `**` across labels. Undefined for a wildcard inside an IDN label. */
function hostPattern(hostname: string): RegExp | undefined {
  if (hostname.split(".").some((label) => label.startsWith("xn--") && label.includes("*"))) return undefined;
  const source = hostname
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^.]*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

function queryKey(pair: string): string {
  const raw = pair.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function originOf(url: string): string | undefined {
  return tryParse(url)?.origin;
}

function tryParse(url: string): URL | undefined {
  return URL.canParse(url) ? new URL(url) : undefined;
}
