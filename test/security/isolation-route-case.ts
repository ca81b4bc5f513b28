/**
 * The reviewed table behind the tenant-isolation matrix: for every route of openapi.json, the
 * requests that name the victim's objects (ids, codes, tokens, keys) in path, query and body. The
 * matrix sends them with the wrong credentials; a route missing here fails the matrix, so a new route
 * cannot slip through unreviewed.
 *
 * - `refuse`: a success would itself be the breach (a write to, or a read of, one victim object), so
 *   the answer must be a 4xx; `"client"`: only client callers must be refused (they may name only
 *   themselves), while a server's list filtered by an id its project does not have may answer with an
 *   empty list. Without it, a 2xx passes when it shows none of the victim's values.
 * - `publicByDesign`: the route reads no credentials (or optional ones) and serves anyone by design;
 *   it is still checked for leaks and changes, but not for refusing unauthenticated callers.
 * - `notPerUser`: why mode (b) (user 2 of the victim project against user 1's objects) does not apply:
 *   the input is a bearer secret whose possession authorizes by design, or anyone may make the call.
 */
import type { TestInstance } from "../support/instance.js";
import type { Attacker, Victim } from "./support/tenants.js";

export interface VictimRequest {
  /** Names the variant in failure messages. */
  label: string;
  params?: Record<string, string | undefined>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  refuse?: true | "client";
}

/** The defined entries of a parameter record (object literals of a union leave some keys undefined). */
export function defined(record: Record<string, string | undefined> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface RouteContext {
  lk: TestInstance;
  victim: Victim;
  attacker: Attacker;
}

export interface RouteCase {
  requests(context: RouteContext): VictimRequest[] | Promise<VictimRequest[]>;
  publicByDesign?: string;
  notPerUser?: string;
  /** Served on the internal project only: also attacked by the attacker's owner there. */
  internalOnly?: true;
}

export const callback = "http://localhost:3000/attacker-callback";
export const BEARER = "the input is a bearer secret: whoever holds it may use it, by design (attacked across projects only)";
export const SELF = "acts only on the caller's own user or session; no other user's ids are involved";
export const NO_IDS = "names no object: it creates or lists the caller's own things";

/** A challenge the attacker obtains in their own project, for ceremonies that need one. */
export async function attackerChallenge(context: RouteContext, path: string): Promise<{ options_json: any; code: string }> {
  const { lk, attacker } = context;
  const res = await lk.call("POST", path, { access: "client", project: attacker.project, headers: { "x-stack-access-token": attacker.user.accessToken } });
  if (res.status !== 200) throw new Error(`Attacker set-up ${path} failed: ${res.text}`);
  return res.body;
}

/** An unsubscribe code for a victim's user with a signature the server never made. */
export function forgedUnsubscribeCode(projectId: string, userId: string): string {
  const data = Buffer.from(JSON.stringify([projectId, userId, "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"]), "utf8").toString("base64url");
  return `${data}.${"A".repeat(43)}`;
}

export const dummyCredential = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } };
export const dummyAssertion = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" } };
