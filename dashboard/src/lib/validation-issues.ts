/**
 * The field-level issues of a refused request. The server answers a body that fails validation with
 * `Request validation failed on PATCH /trpc/updateAdminProject:\n  - body.config.domains[1].domain is not
 * a valid URL`; pages match an issue's path to the field it belongs to and show their own words there.
 */
import { errorMessage } from "./trpc.js";

export interface ValidationIssue {
  /** Where in the request, e.g. `body.config.domains[1].domain`. */
  path: string;
  /** The server's words after the path, e.g. `is not a valid URL`. */
  message: string;
}

export function validationIssues(error: unknown): ValidationIssue[] {
  if (!error) return [];
  const text = errorMessage(error);
  if (!text.startsWith("Request validation failed")) return [];
  return [...text.matchAll(/^\s*- (\S+) (.+)$/gm)].map((m) => ({ path: m[1]!, message: m[2]! }));
}

/** Whether some issue of `error` is at a path `pattern` matches. */
export function hasIssueAt(error: unknown, pattern: RegExp): boolean {
  return validationIssues(error).some((issue) => pattern.test(issue.path));
}

/** Whether a host name (of a URL, possibly with `*` parts) is an IP address, where browsers refuse passkeys. */
export function isIpHost(address: string): boolean {
  let host: string;
  try {
    host = new URL(address.replace("*", "x")).hostname;
  } catch {
    return false;
  }
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
}
