/**
 * A write load of users, the ledger of what the server acknowledged, and the two checks after a fault:
 * every acknowledged write is there with its full state (through the API), and nothing is half-written
 * (in the database itself).
 *
 * Writes: POST /users (201) with a unique e-mail and a marker in server_metadata, and PATCH /users/{id}
 * (200) of client_metadata. Each writer owns its users and has one request in flight at a time, so a
 * user's client_metadata must end as the last acknowledged value or a value sent after it whose answer
 * never came (the request the fault cut off).
 */
import { isDeepStrictEqual } from "node:util";
import { call, describe, knownErrorCode, type ApiResponse, type ProjectKeys } from "./api.js";
import { boolValue, jsonValue, withDirectDb } from "./direct-db.js";
import { messageOf, sleep, type Report } from "./harness.js";

/** What each created user carries in server_metadata, so its rows can be found and checked. */
export interface UserMarker {
  fault_marker: string;
  writer: number;
  seq: number;
  email: string;
}

export interface AckedUser {
  id: string;
  email: string;
  displayName: string;
  serverMetadata: UserMarker;
  /** Canonical JSON of the client_metadata values the stored user may hold (see the module comment). */
  clientMetadata: string[];
}

/** Everything acknowledged over a whole run (all rounds, all server processes). */
export class WriteLedger {
  readonly users = new Map<string, AckedUser>();
  /** Acknowledged creates (201) and updates (200). */
  creates = 0;
  updates = 0;
  private readonly seqs = new Map<number, number>();
  private readonly owned = new Map<number, AckedUser[]>();

  /** `marker` goes into every e-mail address and server_metadata; lower-case letters and digits. */
  constructor(readonly marker: string) {}

  get acknowledged(): number {
    return this.creates + this.updates;
  }

  /** The writer's next sequence number (unique e-mails and metadata values across rounds). */
  nextSeq(writer: number): number {
    const seq = (this.seqs.get(writer) ?? 0) + 1;
    this.seqs.set(writer, seq);
    return seq;
  }

  /** The users a writer created; only that writer updates them. */
  ownedBy(writer: number): AckedUser[] {
    let list = this.owned.get(writer);
    if (!list) this.owned.set(writer, (list = []));
    return list;
  }
}

export interface Failure {
  /** When the request was sent and when it failed (ms since the epoch). */
  sentAt: number;
  at: number;
  what: string;
}

export interface LoadOptions {
  baseUrl: string;
  project: ProjectKeys;
  ledger: WriteLedger;
  report: Report;
  writers: number;
  /** Loops that read acknowledged users back while the load runs (GET /users/{id}). */
  readers?: number;
  /** Upper bound on requests, whatever happens. */
  maxRequests: number;
  /** Pause after a failed request, so a dead server is not hammered. */
  failurePauseMs?: number;
}

export interface Load {
  /** Resolves once every loop has stopped (after stop(), or at maxRequests). */
  readonly done: Promise<void>;
  stop(): void;
  /** Requests sent and not answered yet. */
  inFlight(): number;
  readonly requests: { sent: number; ok: number };
  /** Requests that got no answer, or a 5xx: what a fault is expected to cause, and nothing else. */
  readonly failures: Failure[];
  /** Successful answers, by when they came (ms since the epoch): reads and writes. */
  readonly successes: { at: number; kind: "read" | "write" }[];
}

/** Starts `writers` (and `readers`) loops against one server; they run until stop(). */
export function startLoad(options: LoadOptions): Load {
  const { baseUrl, project, ledger, report } = options;
  const pause = options.failurePauseMs ?? 20;
  let stopped = false;
  let inFlight = 0;
  const failures: Failure[] = [];
  const successes: Load["successes"] = [];
  const requests = { sent: 0, ok: 0 };

  const running = () => !stopped && requests.sent < options.maxRequests;

  /**
   * Sends one request; null when no answer came or the answer was a 5xx (both recorded as failures).
   * Other answers are for the caller to judge.
   */
  async function send(method: string, path: string, body?: unknown): Promise<ApiResponse | null> {
    const sentAt = Date.now();
    const what = `${method} ${path.replace(/[0-9a-f-]{36}/, "{id}")}`;
    requests.sent++;
    inFlight++;
    try {
      const res = await call(baseUrl, method, path, { access: "server", project, body, timeoutMs: 15_000 });
      if (res.status < 500) return res;
      failures.push({ sentAt, at: Date.now(), what: `${what} answered ${describe(res)}` });
    } catch (error) {
      failures.push({ sentAt, at: Date.now(), what: `${what}: no answer (${messageOf(error)})` });
    } finally {
      inFlight--;
    }
    return null;
  }

  const succeeded = (kind: "read" | "write") => {
    requests.ok++;
    successes.push({ at: Date.now(), kind });
  };

  async function create(writer: number, own: AckedUser[]): Promise<boolean> {
    const seq = ledger.nextSeq(writer);
    const email = `${ledger.marker}-w${writer}-${seq}@faults.test`;
    const serverMetadata: UserMarker = { fault_marker: ledger.marker, writer, seq, email };
    const displayName = `Fault writer ${writer} #${seq}`;
    const res = await send("POST", "/users", { primary_email: email, primary_email_auth_enabled: true, display_name: displayName, server_metadata: serverMetadata });
    if (!res) return false;
    if (res.status !== 201) {
      report.violation(`POST /users (${email}) answered ${describe(res)}`);
      return false;
    }
    const body = res.body as { id: string; primary_email: string; server_metadata: unknown };
    report.expect(body.primary_email === email && isDeepStrictEqual(body.server_metadata, serverMetadata), `POST /users (${email}) answered 201 with another user's data`);
    const user: AckedUser = { id: body.id, email, displayName, serverMetadata, clientMetadata: [canonicalJson(null)] };
    ledger.users.set(user.id, user);
    ledger.creates++;
    own.push(user);
    succeeded("write");
    return true;
  }

  async function update(writer: number, user: AckedUser): Promise<boolean> {
    const seq = ledger.nextSeq(writer);
    const value = { writer, update: seq };
    const text = canonicalJson(value);
    // From now until an answer, the stored value may be this one.
    user.clientMetadata.push(text);
    const res = await send("PATCH", `/users/${user.id}`, { client_metadata: value });
    if (!res) return false;
    if (res.status !== 200) {
      report.violation(`PATCH /users/${user.id} answered ${describe(res)}`);
      return false;
    }
    report.expect(canonicalJson((res.body as { client_metadata: unknown }).client_metadata) === text, `PATCH /users/${user.id} answered 200 with other metadata`);
    user.clientMetadata = [text];
    ledger.updates++;
    succeeded("write");
    return true;
  }

  async function writerLoop(writer: number) {
    const own = ledger.ownedBy(writer);
    while (running()) {
      const target = own.length > 0 && Math.random() < 0.3 ? own[Math.floor(Math.random() * own.length)]! : null;
      const ok = target ? await update(writer, target) : await create(writer, own);
      if (!ok) await sleep(pause);
    }
  }

  async function readerLoop() {
    while (running()) {
      const ids = [...options.ledger.users.keys()];
      if (ids.length === 0) {
        await sleep(10);
        continue;
      }
      const user = options.ledger.users.get(ids[Math.floor(Math.random() * ids.length)]!)!;
      const res = await send("GET", `/users/${user.id}`);
      if (!res) {
        await sleep(pause);
      } else if (res.status === 200 && (res.body as { primary_email?: unknown }).primary_email === user.email) {
        succeeded("read");
      } else {
        report.violation(`GET /users/${user.id} of an acknowledged user answered ${describe(res)}`);
      }
    }
  }

  const loops = [
    ...Array.from({ length: options.writers }, (_, i) => writerLoop(i + 1)),
    ...Array.from({ length: options.readers ?? 0 }, () => readerLoop()),
  ];
  return {
    done: Promise.all(loops).then(() => {}),
    stop: () => {
      stopped = true;
    },
    inFlight: () => inFlight,
    requests,
    failures,
    successes,
  };
}

export interface AckCheck {
  checked: number;
  /** Acknowledged users that are gone. */
  lost: string[];
  /** Acknowledged users that came back with other data, or could not be read. */
  wrong: string[];
}

/** Reads every acknowledged user back through the API and compares it with what was acknowledged. */
export async function verifyAcknowledged(
  baseUrl: string,
  project: ProjectKeys,
  ledger: WriteLedger,
  report: Report,
  options: { expectPersonalTeam: boolean },
): Promise<AckCheck> {
  const result: AckCheck = { checked: 0, lost: [], wrong: [] };
  await forEachLimited([...ledger.users.values()], 16, async (user) => {
    let res = null;
    for (let attempt = 1; attempt <= 5 && (res === null || res.status >= 500); attempt++) {
      if (attempt > 1) await sleep(200 * attempt);
      res = await call(baseUrl, "GET", `/users/${user.id}`, { access: "server", project }).catch(() => null);
    }
    result.checked++;
    if (res === null || res.status >= 500) {
      result.wrong.push(user.id);
      report.violation(`could not read acknowledged user ${user.id} back: ${res ? describe(res) : "no answer"}`);
      return;
    }
    if (res.status === 404 && knownErrorCode(res) === "USER_NOT_FOUND") {
      result.lost.push(user.id);
      report.violation(`acknowledged user ${user.id} (${user.email}) is missing`);
      return;
    }
    if (res.status !== 200) {
      result.wrong.push(user.id);
      report.violation(`GET /users/${user.id} answered ${describe(res)}`);
      return;
    }
    const got = res.body as Record<string, unknown>;
    const problems: string[] = [];
    if (got.primary_email !== user.email) problems.push(`primary_email ${JSON.stringify(got.primary_email)}`);
    if (got.primary_email_auth_enabled !== true) problems.push("primary_email_auth_enabled is not true");
    if (got.display_name !== user.displayName) problems.push(`display_name ${JSON.stringify(got.display_name)}`);
    if (!isDeepStrictEqual(got.server_metadata, user.serverMetadata)) problems.push("server_metadata differs");
    if (!user.clientMetadata.includes(canonicalJson(got.client_metadata))) problems.push(`client_metadata ${canonicalJson(got.client_metadata)} was never acknowledged nor in flight`);
    if (options.expectPersonalTeam && typeof got.selected_team_id !== "string") problems.push("no selected (personal) team");
    if (problems.length > 0) {
      result.wrong.push(user.id);
      report.violation(`acknowledged user ${user.id} came back different: ${problems.join("; ")}`);
    }
  });
  return result;
}

export interface StorageCheck {
  /** Users in the database that carry this run's marker. */
  stored: number;
  /** Of those, how many the server committed without the client getting the answer (allowed). */
  unacknowledged: number;
  /** Ids of users (or teams) missing part of what their one transaction writes. */
  halfWritten: string[];
  /** Acknowledged users without a row (the database's view of "lost"). */
  missing: string[];
}

/**
 * Checks the project's rows in the database: every marked user has exactly its primary, auth-enabled
 * e-mail channel with the marked address, and (with personal teams) exactly one team that it belongs
 * to and has selected; no team is left without members; every acknowledged user is there.
 */
export async function checkStoredUsers(
  databaseUrl: string,
  projectId: string,
  ledger: WriteLedger,
  report: Report,
  options: { expectPersonalTeam: boolean },
): Promise<StorageCheck> {
  return withDirectDb(databaseUrl, async (db) => {
    const users = await db.query<{ id: string; server_metadata: unknown; selected_team_id: string | null }>(
      "SELECT id, server_metadata, selected_team_id FROM users WHERE project_id = ?",
      [projectId],
    );
    const channels = await db.query<{ user_id: string; type: string; value: string; is_primary: unknown; used_for_auth: unknown }>(
      "SELECT user_id, type, value, is_primary, used_for_auth FROM contact_channels WHERE project_id = ?",
      [projectId],
    );
    const teams = await db.query<{ id: string }>("SELECT id FROM teams WHERE project_id = ?", [projectId]);
    const members = await db.query<{ team_id: string; user_id: string }>("SELECT team_id, user_id FROM team_members WHERE project_id = ?", [projectId]);

    const channelsOf = groupBy(channels, (c) => c.user_id);
    const teamsOf = groupBy(members, (m) => m.user_id);
    const membersOf = groupBy(members, (m) => m.team_id);
    const result: StorageCheck = { stored: 0, unacknowledged: 0, halfWritten: [], missing: [] };
    const storedIds = new Set<string>();

    for (const user of users) {
      const meta = jsonValue(user.server_metadata) as Partial<UserMarker> | null;
      if (meta?.fault_marker !== ledger.marker) continue;
      result.stored++;
      storedIds.add(user.id);
      if (!ledger.users.has(user.id)) result.unacknowledged++;
      const problems: string[] = [];
      const own = channelsOf.get(user.id) ?? [];
      const primary = own.filter((c) => c.type === "email" && boolValue(c.is_primary));
      if (own.length !== 1 || primary.length !== 1) problems.push(`${own.length} contact channels, ${primary.length} primary`);
      else if (primary[0]!.value !== meta.email || !boolValue(primary[0]!.used_for_auth)) problems.push("the primary e-mail channel is not the auth-enabled marked address");
      if (options.expectPersonalTeam) {
        const memberships = teamsOf.get(user.id) ?? [];
        if (memberships.length !== 1) problems.push(`member of ${memberships.length} teams instead of its one personal team`);
        else if (user.selected_team_id !== memberships[0]!.team_id) problems.push("the selected team is not its personal team");
      }
      if (problems.length > 0) {
        result.halfWritten.push(user.id);
        report.violation(`half-written user ${user.id}${ledger.users.has(user.id) ? "" : " (unacknowledged)"}: ${problems.join("; ")}`);
      }
    }
    for (const team of teams) {
      if (!membersOf.has(team.id)) {
        result.halfWritten.push(team.id);
        report.violation(`team ${team.id} has no members (a sign-up's personal team without its user?)`);
      }
    }
    for (const user of ledger.users.values()) {
      if (storedIds.has(user.id)) continue;
      result.missing.push(user.id);
      report.violation(`acknowledged user ${user.id} (${user.email}) is not in the database`);
    }
    return result;
  });
}

/** JSON with object keys sorted, so values compare equal whatever order the database keeps keys in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
