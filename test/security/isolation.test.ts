/**
 * Tenant-isolation matrix (issue 8, item 3). A victim project holds a rich fixture (support/tenants.ts);
 * every route of openapi.json is called with the requests of its reviewed entry
 * (isolation-routes.ts), which name the victim's objects, under every wrong identity:
 *
 * | mode | caller | expected |
 * |---|---|---|
 * | (a) cross-project | an attacker project's client (with its user's token), server and admin keys; for internal-only routes, the attacker's owner on the internal project | refused (4xx) where a success would be the breach (`refuse`), else an answer that shows none of the victim's values |
 * | (b) same project, other user | the victim's publishable key with user 2's token, and with no token, against user 1's and team 1's objects | as (a); user 2 may see their own values |
 * | (c) lower access level | the victim's own lower-level keys (client: with user 1's token) | 401 INSUFFICIENT_ACCESS_TYPE |
 * | (c) no credentials | no x-stack-* headers | 400 ACCESS_TYPE_REQUIRED |
 * | (h) mixed-up credentials | project id of the victim with the attacker's keys, the attacker's access token, or the attacker owner's admin access token | the known error of headers-and-auth.md §3 |
 *
 * After every call: the answer is in the wire format (no 5xx, no stack trace); a 2xx JSON answer has
 * no key that the contract's output schema for the caller's access level does not declare, and parses
 * with that schema; it contains none of the victim's values that the request did not itself carry
 * (every seeded value is listed, and every seeded text carries a marker); no row outside the
 * attacker's projects changed (support/snapshot.ts lists the columns that change by design); and no
 * row of an attacker project refers to a victim id.
 *
 * The server runs with production settings (`validateResponses: false`): it does not parse its
 * answers, so a key that a handler adds beyond the contract reaches the wire here as it would in
 * production, and the key check above sees it.
 *
 * Two more cases: a plain member of the victim's team (the member defaults, $read_members and
 * $invite_members) is held to the team permissions its management routes require; and failed
 * sign-ins with a victim's e-mail in another project do not lock the victim out (lockout counters are
 * left out of the snapshots, so this is checked on its own).
 *
 * Runs on every dialect of LATCHKEY_TEST_DIALECTS, with one victim fixture per dialect and a fresh
 * attacker project per route, deleted after it (so a route that deletes the caller's own project or
 * user does not disturb the next one, and the database that every check reads stays small).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { createTestInstance, type TestInstance } from "../support/instance.js";
import { defined, isolationRoutes, type RouteCase, type VictimRequest } from "./isolation-routes.js";
import { contractProblems, outputProblems } from "./support/contract.js";
import { describeRequest, describeResponse, keyHeaders, knownErrorCode, send, wireProblems, type RawRequest, type RawResponse } from "./support/http.js";
import { apiUrl, fillPath, levels, operations, type Level, type Operation } from "./support/openapi.js";
import { diffSnapshots, notOfProjects, readRows, select, type Snapshot } from "./support/snapshot.js";
import { createAttacker, createAttackerOwner, createVictim, MARKER, PASSWORD, type Attacker, type Owner, type SignedIn, type Victim } from "./support/tenants.js";

function buildRequest(operation: Operation, request: VictimRequest, headers: Record<string, string>): RawRequest {
  const segments: Record<string, string> = {};
  for (const param of operation.pathParams) {
    const value = request.params?.[param.name];
    if (value === undefined) throw new Error(`${operation.key} (${request.label}): no value for path parameter ${param.name}`);
    segments[param.name] = encodeURIComponent(value);
  }
  const url = apiUrl(fillPath(operation.path, segments), new URLSearchParams(defined(request.query)));
  if (request.body === undefined) return { method: operation.method, url, headers };
  return { method: operation.method, url, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(request.body) };
}

/** The access level a request was sent with (null: none, or one the API does not know). */
function levelOf(headers: Record<string, string>): Level | null {
  const type = headers["x-stack-access-type"];
  return levels.find((level) => level === type) ?? null;
}

/**
 * What is wrong with any answer of the matrix: its wire format, and for a 2xx JSON answer, its keys
 * and shape compared with the contract's output for the caller's level.
 */
function answerProblems(operation: Operation, request: RawRequest, response: RawResponse): string[] {
  const problems = wireProblems(response);
  if (response.status < 200 || response.status >= 300 || !(response.headers.get("content-type") ?? "").includes("application/json")) return problems;
  if (response.json === undefined) problems.push("a JSON answer whose body does not parse as JSON");
  else problems.push(...outputProblems(operation, levelOf(request.headers), response.json));
  return problems;
}

function operationOf(key: string): Operation {
  const operation = operations.find((o) => o.key === key);
  if (!operation) throw new Error(`No route ${key} in openapi.json`);
  return operation;
}

/**
 * What an attempt must answer: an exact status with its known error (null: a plain-text error), or a
 * refusal, or (refuse: false) anything that leaks nothing.
 */
type Expectation = { status: number; code: string | null } | { refuse: boolean };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tokenChar = /[a-z0-9._%+:@$-]/;

/** Every word of `text` (lower case) that contains the marker, found without a backtracking regex. */
function markedTokens(text: string): string[] {
  const tokens: string[] = [];
  for (let at = text.indexOf(MARKER); at !== -1; at = text.indexOf(MARKER, at + MARKER.length)) {
    let start = at;
    let end = at + MARKER.length;
    while (start > 0 && tokenChar.test(text[start - 1]!)) start--;
    while (end < text.length && tokenChar.test(text[end]!)) end++;
    tokens.push(text.slice(start, end));
  }
  return tokens;
}

describe.each(testDialects)("tenant isolation on %s", (dialect) => {
  let lk: TestInstance;
  let victim: Victim;
  let attackerOwner: SignedIn & { teamId: string };
  const attackerProjects = new Set<string>();
  /** Attacker rows already scanned for victim ids. */
  const scannedAttackerRows = new Set<string>();
  let baseline: Snapshot;

  beforeAll(async () => {
    lk = await createTestInstance(dialect, { validateResponses: false });
    victim = await createVictim(lk);
    attackerOwner = await createAttackerOwner(lk);
    baseline = select(await readRows(lk), notOfProjects(attackerProjects));
  }, 60_000);

  afterAll(async () => {
    await lk?.[Symbol.asyncDispose]();
  });

  /** Values of the victim in a response that the request did not carry, except those of `allowed` owners. */
  function leaks(responseText: string, requestText: string, allowed: ReadonlySet<Owner>): string[] {
    const text = responseText.toLowerCase();
    const sent = requestText.toLowerCase();
    const found: string[] = [];
    const allowedValues: string[] = [];
    for (const [value, owner] of victim.values) {
      if (allowed.has(owner)) allowedValues.push(value);
      else if (text.includes(value) && !sent.includes(value)) found.push(`${owner} value ${value.length > 60 ? `${value.slice(0, 60)}…` : value}`);
    }
    for (const token of markedTokens(text)) {
      if (!sent.includes(token) && !allowedValues.some((value) => value.includes(token)) && !found.some((f) => f.includes(token))) found.push(`marked value ${token}`);
    }
    return found;
  }

  /** New problems with the database: victim rows changed, or attacker rows pointing at victim ids. */
  async function stateProblems(): Promise<string[]> {
    const rows = await readRows(lk);
    const problems: string[] = [];
    const now = select(rows, notOfProjects(attackerProjects));
    const changes = diffSnapshots(baseline, now);
    if (changes.length > 0) {
      problems.push(`changed rows outside the attacker's projects:\n    ${changes.join("\n    ")}`);
      baseline = now;
    }
    const victimIds = [...victim.values.keys()].filter((value) => uuid.test(value));
    const attackerRows = select(rows, (table, row) => !notOfProjects(attackerProjects)(table, row));
    for (const [table, serialised] of attackerRows) {
      for (const row of serialised) {
        if (scannedAttackerRows.has(row)) continue;
        scannedAttackerRows.add(row);
        const lower = row.toLowerCase();
        const id = victimIds.find((v) => lower.includes(v));
        if (id) problems.push(`an attacker row in ${table} refers to victim id ${id} (${victim.values.get(id)}): ${row}`);
      }
    }
    return problems;
  }

  it("has a reviewed entry for every route of openapi.json, and none for routes that are gone", () => {
    const keys = operations.map((o) => o.key);
    expect(keys.filter((key) => !(key in isolationRoutes)), "routes without an entry in isolation-routes.ts").toEqual([]);
    expect(Object.keys(isolationRoutes).filter((key) => !keys.includes(key)), "entries for routes openapi.json no longer has").toEqual([]);
    const publicWithoutReason = operations.filter((o) => o.auth !== "required" && !isolationRoutes[o.key]?.publicByDesign).map((o) => o.key);
    expect(publicWithoutReason, "public or optional-auth routes need a documented publicByDesign reason").toEqual([]);
    const exemptButGuarded = operations.filter((o) => o.auth === "required" && isolationRoutes[o.key]?.publicByDesign).map((o) => o.key);
    expect(exemptButGuarded, "publicByDesign on a route that requires credentials").toEqual([]);
  });

  it("sends only requests the contract accepts, so every attack reaches the route's own checks", async () => {
    const attacker = await createAttacker(lk, attackerOwner);
    attackerProjects.add(attacker.project.id);
    const invalid: string[] = [];
    for (const operation of operations) {
      const requests = await entryOf(operation).requests({ lk, victim, attacker });
      for (const request of requests) {
        const level = operation.auth === "public" ? null : operation.levels.at(-1)!;
        const problems = contractProblems(operation, level, {
          params: defined(request.params),
          query: new URLSearchParams(defined(request.query)),
          body: request.body,
        });
        if (problems.length > 0) invalid.push(`${operation.key} (${request.label}): ${problems.join("; ")}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(await stateProblems()).toEqual([]);
  });

  /**
   * Sends one request and records what is wrong with the answer and with the database afterwards.
   * `allowed`: owners whose values the caller may see (their own).
   */
  async function attempt(
    violations: string[],
    operation: Operation,
    mode: string,
    request: VictimRequest,
    headers: Record<string, string>,
    expectation: Expectation,
    allowed: ReadonlySet<Owner> = new Set(),
  ): Promise<void> {
    const raw = buildRequest(operation, request, headers);
    const response = await send(lk, raw);
    const problems = answerProblems(operation, raw, response);
    if ("status" in expectation) {
      if (response.status !== expectation.status || (knownErrorCode(response) ?? null) !== expectation.code) {
        problems.push(`expected ${expectation.status} ${expectation.code ?? "(plain text)"}`);
      }
    } else if (expectation.refuse && response.status < 400) {
      problems.push("a success: this request must be refused");
    }
    const leaked = leaks(response.text, JSON.stringify(raw), allowed);
    if (leaked.length > 0) problems.push(`leaks ${leaked.join(", ")}`);
    problems.push(...(await stateProblems()));
    if (problems.length > 0) {
      violations.push(`[${mode}] ${request.label}\n  ${describeRequest(raw)}\n  -> ${describeResponse(response)}\n  problems:\n  - ${problems.join("\n  - ")}`);
    }
  }

  /** The reviewed entry of a route; a route without one fails here as well as in the coverage test. */
  function entryOf(operation: Operation): RouteCase {
    const entry = isolationRoutes[operation.key];
    if (!entry) throw new Error(`${operation.key} has no entry in isolation-routes.ts: review the route and add one`);
    return entry;
  }

  it.each(operations.map((o) => [o.key, o] as const))("%s", async (_key, operation) => {
    const entry = entryOf(operation);
    const attacker: Attacker = await createAttacker(lk, attackerOwner);
    attackerProjects.add(attacker.project.id);
    const violations: string[] = [];
    try {
      await attackRoute(violations, operation, entry, attacker);
    } finally {
      // Keeps the database small (every check reads it whole); the attacker's rows were checked already.
      await lk.deps.queries.projects.delete(attacker.project.id);
    }
    expect(violations, violations.join("\n\n")).toEqual([]);
  });

  async function attackRoute(violations: string[], operation: Operation, entry: RouteCase, attacker: Attacker): Promise<void> {
    const requests = await entry.requests({ lk, victim, attacker });
    const hit = (mode: string, request: VictimRequest, headers: Record<string, string>, expectation: Expectation, allowed?: ReadonlySet<Owner>) =>
      attempt(violations, operation, mode, request, headers, expectation, allowed);
    const refusal = (request: VictimRequest, level: Level | null) => ({ refuse: request.refuse === true || (request.refuse === "client" && level === "client") });

    // (a) another project's credentials, the victim's ids.
    for (const request of requests) {
      if (operation.auth === "public") await hit("a: anyone", request, {}, refusal(request, null));
      for (const level of operation.levels) {
        await hit(`a: attacker ${level}`, request, keyHeaders(attacker.project, level, attacker.user.accessToken), refusal(request, level));
      }
      if (entry.internalOnly) {
        await hit("a: attacker owner on internal", request, keyHeaders(lk.internal, "client", attacker.owner.accessToken), refusal(request, "client"));
      }
    }

    // (b) the victim project's user 2, and its signed-out client, against user 1's and team 1's objects.
    if (operation.levels.includes("client") && !entry.notPerUser && !entry.publicByDesign) {
      const otherUsers = new Set<Owner>(["user1", "team1"]);
      for (const request of requests) {
        const text = JSON.stringify(request).toLowerCase();
        if (![...victim.values].some(([value, owner]) => otherUsers.has(owner) && text.includes(value))) continue;
        await hit("b: victim's user 2", request, keyHeaders(victim.project, "client", victim.user2.accessToken), refusal(request, "client"), new Set(["user2", "projectPublic"]));
        await hit("b: victim's client, signed out", request, keyHeaders(victim.project, "client"), refusal(request, "client"), new Set(["projectPublic"]));
      }
    }

    // (c) lower access levels of the victim project itself, and no credentials at all.
    const first = requests[0]!;
    if (operation.auth === "required") {
      const minimum = levels.indexOf(operation.levels[0]!);
      for (const lower of levels.slice(0, minimum)) {
        const token = lower === "client" ? victim.user1.accessToken : undefined;
        await hit(`c: victim ${lower}`, first, keyHeaders(victim.project, lower, token), { status: 401, code: "INSUFFICIENT_ACCESS_TYPE" });
      }
      await hit("c: no credentials", first, {}, { status: 400, code: "ACCESS_TYPE_REQUIRED" });
    }

    // (h) the victim's project id with the attacker's credentials.
    if (operation.auth !== "public") {
      const victimProject = { "x-stack-project-id": victim.project.id };
      const ownerToken = {
        "x-stack-access-type": "admin",
        "x-stack-project-id": victim.project.id,
        "x-stack-admin-access-token": attacker.owner.accessToken,
        "x-stack-secret-server-key": "",
        "x-stack-super-secret-admin-key": "",
      };
      await hit("h: attacker server key", first, { ...keyHeaders(attacker.project, "server"), ...victimProject }, { status: 401, code: "INVALID_SECRET_SERVER_KEY" });
      await hit("h: attacker admin key", first, { ...keyHeaders(attacker.project, "admin"), ...victimProject }, { status: 401, code: "INVALID_SUPER_SECRET_ADMIN_KEY" });
      await hit("h: attacker publishable key", first, { ...keyHeaders(attacker.project, "client"), ...victimProject }, { status: 401, code: "INVALID_PUBLISHABLE_CLIENT_KEY" });
      const foreignToken = keyHeaders(victim.project, "client", attacker.user.accessToken);
      await hit("h: victim publishable key, attacker's access token", first, foreignToken, { status: 401, code: "INVALID_PROJECT_FOR_ACCESS_TOKEN" });
      await hit("h: attacker owner's admin access token", first, ownerToken, { status: 401, code: "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN" });
    }
  }

  it("keeps a team member without the needed team permission out of the team's management", async () => {
    const v = victim;
    const team_id = v.team1.id;
    const cases: [key: string, request: VictimRequest, expectation: Expectation][] = [
      ["PATCH /teams/{team_id}", { label: "rename", params: { team_id }, body: { display_name: "hijacked" } }, { status: 401, code: "TEAM_PERMISSION_REQUIRED" }],
      ["DELETE /teams/{team_id}", { label: "delete", params: { team_id } }, { status: 401, code: "TEAM_PERMISSION_REQUIRED" }],
      ["DELETE /team-memberships/{team_id}/{user_id}", { label: "remove user 1", params: { team_id, user_id: v.user1.id } }, { status: 401, code: "TEAM_PERMISSION_REQUIRED" }],
      ["DELETE /team-invitations/{id}", { label: "revoke invitation", params: { id: v.team1.invitationId }, query: { team_id } }, { status: 401, code: "TEAM_PERMISSION_REQUIRED" }],
      ["GET /team-api-keys", { label: "list team keys", query: { team_id } }, { status: 404, code: "API_KEY_NOT_FOUND" }],
      ["POST /team-api-keys", { label: "create team key", body: { team_id, description: "member" } }, { status: 404, code: "API_KEY_NOT_FOUND" }],
      ["GET /team-api-keys/{api_key_id}", { label: "read team key", params: { api_key_id: v.team1.apiKeyId }, query: { team_id } }, { status: 404, code: "API_KEY_NOT_FOUND" }],
      ["PATCH /team-api-keys/{api_key_id}", { label: "revoke team key", params: { api_key_id: v.team1.apiKeyId }, query: { team_id }, body: { revoked: true } }, { status: 404, code: "API_KEY_NOT_FOUND" }],
      ["PATCH /team-member-profiles/{team_id}/{user_id}", { label: "user 1's profile", params: { team_id, user_id: v.user1.id }, body: { display_name: "hijacked" } }, { status: 403, code: null }],
      ["GET /team-permissions", { label: "user 1's team permissions", query: { team_id, user_id: v.user1.id } }, { status: 403, code: null }],
      ["POST /team-permissions/{team_id}/{user_id}/{permission_id}", { label: "grant myself", params: { team_id, user_id: "me", permission_id: "$delete_team" } }, { status: 401, code: "INSUFFICIENT_ACCESS_TYPE" }],
    ];
    const violations: string[] = [];
    const headers = keyHeaders(v.project, "client", v.member.accessToken);
    for (const [key, request, expectation] of cases) {
      await attempt(violations, operationOf(key), "team member", request, headers, expectation, new Set(["member", "team1", "projectPublic"]));
    }
    expect(violations, violations.join("\n\n")).toEqual([]);
  });

  it("does not lock the victim's account out after failed sign-ins with its e-mail in another project", async () => {
    const attacker = await createAttacker(lk, attackerOwner);
    attackerProjects.add(attacker.project.id);
    const operation = operationOf("POST /auth/password/sign-in");
    const problems: string[] = [];
    const signIn = async (project: typeof victim.project, password: string) => {
      const raw = buildRequest(operation, { label: "sign in", body: { email: victim.user1.email, password } }, keyHeaders(project, "client"));
      const response = await send(lk, raw);
      problems.push(...answerProblems(operation, raw, response).map((problem) => `${describeRequest(raw)}\n  -> ${describeResponse(response)}\n  ${problem}`));
      return response;
    };
    for (let i = 0; i < 12; i++) await signIn(attacker.project, "wrong password");
    expect((await signIn(attacker.project, "wrong password")).status, "the attacker's own project does lock").toBe(429);
    const own = await signIn(victim.project, PASSWORD);
    expect([own.status, (own.json as { user_id?: unknown } | undefined)?.user_id]).toEqual([200, victim.user1.id]);
    expect(problems, problems.join("\n\n")).toEqual([]);
    // The sign-in made a session for user 1 (a change the victim made itself): the next checks start from here.
    baseline = select(await readRows(lk), notOfProjects(attackerProjects));
  });
});
