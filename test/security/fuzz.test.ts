/**
 * Schema-driven fuzzing (issue 8, item 4). For every route of openapi.json, fast-check generates
 * requests from the route's own JSON Schemas (path, query, body): values that fit them, mixed with
 * fixture values by field name (support/fuzz-fixture.ts), and the same values broken in one place
 * (wrong types, missing or extra keys, nasty strings and numbers, huge and deeply nested values,
 * undecodable path segments, non-JSON bodies, now and then a malformed credential header). Requests
 * carry valid credentials of one of the levels the route accepts, with a signed-in user's token, so
 * inputs get past authentication.
 *
 * Every answer must be:
 * - below 500, without a stack trace;
 * - a success with a status openapi.json documents, or an error in the wire format (a known error
 *   `{code, error, details?}` with `x-stack-known-error` equal to the code and documented for that
 *   route and status in openapi.json, or plain text);
 * - for an input the contract rejects (checked with the contract's own schemas, support/contract.ts):
 *   400 SCHEMA_ERROR, or 400 BODY_PARSING_ERROR for a body that cannot be read;
 * - for any 4xx: no change in the database (support/snapshot.ts lists what may change by design).
 * An answer that an open bug of support/known-bugs.ts explains is not counted (each has an `it.fails`
 * in bugs.test.ts), unless LATCHKEY_FUZZ_STRICT=1.
 *
 * Bounds: `LATCHKEY_FUZZ_RUNS` runs per route (default 25), each route in a fresh in-process instance.
 * Every route gets all its runs, however slow the machine (issue 35, finding 20: a time budget used to cut
 * routes short without saying so); a route that cannot finish them within its timeout fails.
 *
 * Seeds are fixed: each route's seed derives from `LATCHKEY_FUZZ_SEED` (default below) and its key. A
 * failure prints the route, seed, path and request as JSON; to keep it as a regression test, add that
 * JSON (with a real `note`) to an array in a file under test/security/regressions/. `request` replays
 * the exact input; `seed` and `path` replay it only while the arbitraries stay as they are. Add
 * `"bug": "BUG: ..."` while the server bug is open: the case then runs strictly, as `it.fails`.
 *
 * Runs on SQLite only: the checks are about input handling, not storage (the isolation matrix and
 * bugs.test.ts run on every dialect).
 */
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { KnownError } from "../../contract/known-error.js";
import { MAX_BODY_BYTES } from "../../server/http/hardening.js";
import { readBody } from "../../server/http/request-input.js";
import { createTestInstance, type TestInstance } from "../support/instance.js";
import { broken, nasty, valid, type Hints, type SchemaContext } from "./support/arbitraries.js";
import { contractProblems } from "./support/contract.js";
import { createFuzzFixture, fixtureHints, newSession, newUser, type FuzzFixture } from "./support/fuzz-fixture.js";
import { describeRequest, describeResponse, keyHeaders, knownErrorCode, send, wireProblems, type RawRequest, type RawResponse } from "./support/http.js";
import { explainedByKnownBug, type SentBody } from "./support/known-bugs.js";
import { apiUrl, fillPath, operations, type Level, type Operation } from "./support/openapi.js";
import { diffSnapshots, snapshot } from "./support/snapshot.js";

const DEFAULT_SEED = 20_251_108;
const baseSeed = Number(process.env.LATCHKEY_FUZZ_SEED ?? DEFAULT_SEED);
const runsPerRoute = Number(process.env.LATCHKEY_FUZZ_RUNS ?? 25);
const strict = process.env.LATCHKEY_FUZZ_STRICT === "1";
/** Time for one route's runs on a loaded machine; a route that needs more fails rather than trying less. */
const ROUTE_TIMEOUT_MS = 120_000;

/** Routes served on the internal project only: fuzzed there, as its signed-in owner. */
const internalProjectRoutes = new Set(["GET /internal/projects", "POST /internal/projects"]);

/** A request as generated: the parts as they go on the wire. */
interface FuzzRequest {
  level: Level | null;
  /** One credential header replaced by a malformed value (the request then fails authentication). */
  header: { name: string; value: string } | null;
  /** Path segments, already percent-encoded (or deliberately malformed). */
  segments: Record<string, string>;
  query: string;
  body?: { text: string; contentType?: string };
}

/** Path segments no schema produces: undecodable escapes, dot segments, encoded separators. */
const rawSegments = ["%", "%zz", "%E0%A4%A", "%C0%AF", "..", ".", "%2e%2e", "%2F", "a%2Fb", "%00", "%25", "%ff%fe", "me%20", ""];

/** Credential headers, and malformed values for them (ASCII only: fetch refuses other header bytes). */
const credentialHeaders = ["x-stack-access-type", "x-stack-project-id", "x-stack-access-token", "x-stack-branch-id", "x-stack-admin-access-token", "x-stack-allow-anonymous-user"];
const headerValues = ["", " ", "admin", "ADMIN", "internal", "../", "' OR 1=1 --", "null", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "a.b.c", "x".repeat(10_000), "%00", "00000000-0000-0000-0000-000000000000"];

const rawBodies: { text: string; contentType?: string }[] = [
  { text: "{", contentType: "application/json" },
  { text: "null", contentType: "application/json" },
  { text: "[]", contentType: "application/json" },
  { text: '"a string"', contentType: "application/json" },
  { text: "1e999", contentType: "application/json" },
  { text: '{"a":1,"a":2}', contentType: "application/json" },
  { text: "{}", contentType: "application/json; charset=utf-16" },
  { text: "{}", contentType: "text/plain" },
  { text: "<xml/>", contentType: "application/xml" },
  { text: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--", contentType: "multipart/form-data; boundary=x" },
  { text: "a=1&b=2&a=3", contentType: "application/x-www-form-urlencoded" },
  { text: "%zz=%zz", contentType: "application/x-www-form-urlencoded" },
  { text: "{}" },
  { text: "\u0000", contentType: "application/json" },
  { text: "[".repeat(100_000) + "]".repeat(100_000), contentType: "application/json" },
  { text: JSON.stringify({ a: "x".repeat(2_000_000) }), contentType: "application/json" },
  { text: JSON.stringify({ a: "x".repeat(MAX_BODY_BYTES) }), contentType: "application/json" },
];

function routeSeed(key: string): number {
  let hash = baseSeed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
}

/** The arbitrary of requests for one route. */
function requestArbitrary(operation: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const context: SchemaContext = { hints, refs: [] };
  const level: fc.Arbitrary<Level | null> = operation.auth === "public" ? fc.constant(null) : fc.constantFrom(...operation.levels);

  const segmentArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const param of operation.pathParams) {
    segmentArbs[param.name] = fc.oneof(
      { weight: 6, arbitrary: valid(param.schema, param.name, context).map((v) => encodeSegment(stringify(v))) },
      { weight: 2, arbitrary: nasty.map((v) => encodeSegment(stringify(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
    );
  }

  const pairs: fc.Arbitrary<[string, string][]>[] = operation.queryParams.map((param) => {
    const value = valid(param.schema, param.name, context).map((v) => [[param.name, stringify(v)]] as [string, string][]);
    const present = param.required ? value : fc.oneof(value, fc.constant([] as [string, string][]));
    return fc.oneof(
      { weight: 8, arbitrary: present },
      { weight: 1, arbitrary: nasty.map((v) => [[param.name, stringify(v)]] as [string, string][]) },
      { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => [...a, ...b]) },
    );
  });
  const extraQuery = fc.oneof(
    { weight: 8, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("extra=1", "%zz=%zz", "__proto__=x", "user_id=me&user_id=me", "a=" + "b".repeat(10_000)) },
  );
  const query = fc.tuple(fc.tuple(...pairs), extraQuery).map(([groups, extra]) => {
    const search = new URLSearchParams(groups.flat()).toString();
    return [search, extra].filter((part) => part !== "").join("&");
  });

  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value) => (value === undefined ? undefined : { text: JSON.stringify(value) ?? "", contentType: "application/json" }));
  let body: fc.Arbitrary<FuzzRequest["body"]>;
  if (operation.method === "GET") body = fc.constant(undefined);
  else if (operation.body) {
    body = fc.oneof(
      { weight: 6, arbitrary: json(valid(operation.body, undefined, context)) },
      { weight: 3, arbitrary: json(broken(operation.body, undefined, context)) },
      { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  } else {
    body = fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant({ text: "{}", contentType: "application/json" }) },
      { weight: 2, arbitrary: json(nasty) },
      { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
    );
  }
  const header = fc.oneof(
    { weight: 12, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...credentialHeaders), value: fc.constantFrom(...headerValues) }) },
  );
  return fc.record({ level, header, segments: fc.record(segmentArbs), query, body });
}


/** What the contract says of a generated request, before it is sent. */
type Verdict =
  | { kind: "valid" }
  | { kind: "invalid"; code: "SCHEMA_ERROR" | "BODY_PARSING_ERROR"; why: string[] }
  /** The URL no longer names this route (dot segments, empty segments): only the generic checks apply. */
  | { kind: "rerouted" }
  /** A credential header is malformed: authentication decides before validation does. */
  | { kind: "bad credentials" }
  /** Over the body size limit: 413 before anything else. */
  | { kind: "too large" }
  /** The contract's own validation overflowed the stack on it (see known-bugs.ts): no verdict. */
  | { kind: "unclassified" };

/** The body as the server reads it (support: the REST adapter's own reader), or its BODY_PARSING_ERROR. */
async function readAsServer(body: NonNullable<FuzzRequest["body"]>): Promise<{ value: unknown } | { error: string }> {
  const headers = body.contentType === undefined ? undefined : { "content-type": body.contentType };
  try {
    return { value: await readBody(new Request("http://localhost/", { method: "POST", headers, body: body.text })) };
  } catch (error) {
    if (error instanceof KnownError && error.code === "BODY_PARSING_ERROR") return { error: error.message };
    throw error;
  }
}

async function verdictOf(operation: Operation, request: FuzzRequest, url: string): Promise<Verdict> {
  const pathname = apiUrl(fillPath(operation.path, request.segments));
  if (Object.values(request.segments).includes("") || new URL(url, "http://localhost").pathname !== pathname) return { kind: "rerouted" };
  if (request.body !== undefined && operation.method !== "GET" && Buffer.byteLength(request.body.text) > MAX_BODY_BYTES) return { kind: "too large" };
  // The body is read before authentication and validation, so an unreadable body wins over both.
  const read = operation.method === "GET" || request.body === undefined ? { value: undefined } : await readAsServer(request.body);
  if ("error" in read) return { kind: "invalid", code: "BODY_PARSING_ERROR", why: [read.error] };
  if (request.header !== null && operation.auth !== "public") return { kind: "bad credentials" };
  const body = read.value;
  const params: Record<string, string> = {};
  for (const [name, segment] of Object.entries(request.segments)) {
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      params[name] = segment;
    }
  }
  let problems: string[];
  try {
    problems = contractProblems(operation, request.level, { params, query: new URLSearchParams(request.query), body });
  } catch (error) {
    if (error instanceof RangeError) return { kind: "unclassified" };
    throw error;
  }
  return problems.length === 0 ? { kind: "valid" } : { kind: "invalid", code: "SCHEMA_ERROR", why: problems };
}

/** Contract checks of one answer (besides the wire format). */
function answerProblems(operation: Operation, verdict: Verdict, response: RawResponse): string[] {
  const problems: string[] = [];
  const code = knownErrorCode(response);
  if (verdict.kind === "invalid" && !(response.status === 400 && code === verdict.code)) {
    problems.push(`the contract rejects this input (${verdict.why.join("; ").slice(0, 300)}), so the answer should be 400 ${verdict.code}`);
  }
  if (verdict.kind === "too large" && response.status !== 413) problems.push("a body over the size limit should be answered with 413");
  if (response.status < 300 && !operation.responses.has(response.status)) problems.push(`status ${response.status} is not documented for this route`);
  const documented = operation.responses.get(response.status) ?? [];
  const checkDocumented = verdict.kind === "valid" || verdict.kind === "invalid";
  if (response.status >= 400 && code !== undefined && checkDocumented && !documented.includes(code)) {
    problems.push(`known error ${code} with status ${response.status} is not documented for this route in openapi.json`);
  }
  return problems;
}

interface RouteRun {
  seed: number;
  path?: string;
  numRuns: number;
  /** Also fail on answers that a known bug explains (support/known-bugs.ts). */
  strict: boolean;
  /** Replay exactly this request instead of generating (a saved counterexample). */
  request?: FuzzRequest;
}

/** Problems a known bug may explain: a server error and an undocumented known error. */
const explainable = (problem: string) => problem.startsWith("status 5") || problem.startsWith("server log") || problem.includes("is not documented");

function sentBody(body: FuzzRequest["body"]): SentBody {
  try {
    return { text: body?.text, json: body === undefined ? undefined : JSON.parse(body.text) };
  } catch {
    return { text: body?.text, json: undefined };
  }
}

/** Fuzzes one route in a fresh instance; throws with the seed and the failing request on a failure. */
async function fuzzRoute(operation: Operation, run: RouteRun): Promise<void> {
  await using lk: TestInstance = await createTestInstance("sqlite");
  const logged: string[] = [];
  const log = lk.deps.log as { error: (message: string, fields?: Record<string, unknown>) => void };
  log.error = (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 2_000)}`);

  let fixture: FuzzFixture = await createFuzzFixture(lk);
  let users = 0;
  const hints = fixtureHints(() => fixture, () => lk.clock.now().getTime());
  const internalOnly = internalProjectRoutes.has(operation.key);

  /** Puts back what a successful destructive call took away: the project, the user, the session. */
  async function restoreFixture(): Promise<void> {
    if (!(await lk.deps.queries.projects.find(fixture.project.id))) {
      fixture = await createFuzzFixture(lk);
      return;
    }
    const me = await lk.call("GET", "/users/me", { access: "client", project: fixture.project, headers: { "x-stack-access-token": fixture.user.accessToken } });
    if (me.status === 200) return;
    let userId = fixture.user.id;
    if (!(await lk.deps.queries.users.find(fixture.project.id, userId))) userId = await newUser(lk, fixture.project, `fuzz-user-${++users}@fuzz.test`);
    fixture.user = { ...fixture.user, id: userId, ...(await newSession(lk, fixture.project, userId)) };
  }

  function toRaw(request: FuzzRequest): RawRequest {
    const headers: Record<string, string> =
      request.level === null
        ? {}
        : internalOnly
          ? keyHeaders(lk.internal, request.level, fixture.owner.accessToken)
          : keyHeaders(fixture.project, request.level, fixture.user.accessToken);
    if (request.header !== null) headers[request.header.name] = request.header.value;
    const url = apiUrl(fillPath(operation.path, request.segments), request.query);
    if (request.body === undefined) return { method: operation.method, url, headers };
    if (request.body.contentType !== undefined) headers["content-type"] = request.body.contentType;
    return { method: operation.method, url, headers, body: request.body.text };
  }

  const requests = run.request === undefined ? requestArbitrary(operation, hints) : fc.constant(run.request);
  let sent = 0;
  const property = fc.asyncProperty(requests, async (request) => {
    sent++;
    const raw = toRaw(request);
    const verdict = await verdictOf(operation, request, raw.url);
    const before = await snapshot(lk);
    logged.length = 0;
    const response = await send(lk, raw);
    let problems = [...wireProblems(response), ...answerProblems(operation, verdict, response)];
    if (response.status >= 400 && response.status < 500) {
      const changes = diffSnapshots(before, await snapshot(lk));
      if (changes.length > 0) problems.push(`a refused request changed the database:\n    ${changes.slice(0, 20).join("\n    ")}`);
    }
    if (logged.length > 0 && response.status >= 500) problems.push(`server log: ${logged.join("\n")}`);
    if (!run.strict && explainedByKnownBug(operation, sentBody(request.body), response)) problems = problems.filter((problem) => !explainable(problem));
    if (response.status < 300) await restoreFixture();
    if (problems.length > 0) {
      throw new Error(`${describeRequest(raw)}\n  -> ${describeResponse(response)}\n  verdict: ${verdict.kind}\n  problems:\n  - ${problems.join("\n  - ")}`);
    }
  });

  const details = await fc.check(property, {
    seed: run.seed,
    path: run.path,
    numRuns: run.numRuns,
  });
  if (details.failed) {
    // The request itself replays exactly even after the arbitraries change; the seed and path only
    // while they stay as they are. Requests with huge bodies are left out of the suggestion.
    const [counterexample] = details.counterexample ?? [];
    const request = counterexample && JSON.stringify(counterexample).length < 10_000 ? counterexample : undefined;
    const replay = JSON.stringify({ route: operation.key, seed: details.seed, path: details.counterexamplePath, note: "what it found", request });
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${operation.key}: failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}).\n` +
      `Keep it as a regression: add ${replay} to a file in test/security/regressions/.\n${cause}`);
  }
  // Every run sent its request: nothing cut the route short (a replay of one path runs that path only).
  if (run.path === undefined) expect([details.numRuns, sent], `${operation.key}: runs done and requests sent`).toEqual([run.numRuns, run.numRuns]);
}

/** A saved failure: replayed from `request` when it is there, else from `seed` (and `path`). */
interface Regression {
  route: string;
  seed: number;
  path?: string;
  numRuns?: number;
  note: string;
  bug?: string;
  request?: FuzzRequest;
}

function loadRegressions(): { file: string; cases: Regression[] }[] {
  const folder = new URL("./regressions/", import.meta.url);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().map((file) => ({ file, cases: JSON.parse(readFileSync(new URL(file, folder), "utf8")) as Regression[] }));
}

describe("schema-driven fuzzing on sqlite", () => {
  afterAll(() => {
    // A `{"__proto__": …}` body or config override must never reach Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(operations.map((o) => [o.key, o] as const))("%s", async (_key, operation) => {
    await fuzzRoute(operation, { seed: routeSeed(operation.key), numRuns: runsPerRoute, strict });
  }, ROUTE_TIMEOUT_MS);
});

const regressions = loadRegressions();
describe.runIf(regressions.some((r) => r.cases.length > 0))("fuzzing regressions (test/security/regressions)", () => {
  for (const { file, cases } of regressions) {
    for (const entry of cases) {
      const operation = operations.find((o) => o.key === entry.route);
      const name = `${file}: ${entry.route} seed ${entry.seed}${entry.path ? ` path ${entry.path}` : ""} — ${entry.note}`;
      if (!operation) {
        it(name, () => expect.fail(`${entry.route} is not a route of openapi.json any more`));
        continue;
      }
      const run = () =>
        fuzzRoute(operation, {
          seed: entry.seed,
          path: entry.request === undefined ? entry.path : undefined,
          numRuns: entry.request === undefined ? (entry.numRuns ?? runsPerRoute) : 1,
          strict: strict || entry.bug !== undefined,
          request: entry.request,
        });
      if (entry.bug) it.fails(`${name} [${entry.bug}]`, run, ROUTE_TIMEOUT_MS);
      else it(name, run, ROUTE_TIMEOUT_MS);
    }
  }
});
