/**
 * Database snapshots for "nothing changed" checks: every row of every table, by table, compared as
 * sets of rows. Some state changes by design when a request is refused, and is left out:
 *
 * | left out | why |
 * |---|---|
 * | table `rate_limits` | fixed-window counters: refused OTP sends and wrong second factors are counted on purpose (brute-force and mail-bomb protection) |
 * | table `audit_log` | refused sign-ins and lockouts are security events, recorded on purpose (append-only; its chain is checked by its own tests) |
 * | `verification_codes.attempts` | a wrong code counts against the nonce of the e-mail it claims to come from, so guessing locks the code (brute-force protection) |
 * | `sessions.last_used_at`, `users.last_active_at` | activity times, touched by token refreshes and sign-ins |
 *
 * Everything else, in every table, must stay as it was.
 */
import type { TestInstance } from "../../support/instance.js";

type Row = Record<string, unknown>;

/** Tables (by their key in `store.t`) left out entirely, with the reason. */
export const ignoredTables: Readonly<Record<string, string>> = {
  rateLimits: "counts refused attempts on purpose",
  auditLog: "records refused sign-ins and lockouts on purpose",
};

/** Columns (by table key and column key) left out, with the reason. */
export const ignoredColumns: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  verificationCodes: { attempts: "a wrong code is counted against its nonce on purpose" },
  sessions: { lastUsedAt: "activity time" },
  users: { lastActiveAt: "activity time" },
};

/** Serialised rows per table, sorted. */
export type Snapshot = Map<string, string[]>;

/** Rows per table, without the ignored tables and columns. */
export type Rows = Map<string, Row[]>;

/** Decides which rows a comparison looks at (e.g. only the victim project's). */
export type RowFilter = (table: string, row: Row) => boolean;

const serialise = (row: Row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));

export async function readRows(lk: TestInstance): Promise<Rows> {
  const { db, t } = lk.deps.store;
  const entries = Object.entries(t).filter(([name]) => ignoredTables[name] === undefined);
  const tables = await Promise.all(
    entries.map(async ([name, table]) => {
      const rows = (await db.select().from(table as typeof t.projects)) as Row[];
      const ignored = Object.keys(ignoredColumns[name] ?? {});
      return [name, rows.map((row) => {
        const copy: Row = { ...row };
        for (const column of ignored) delete copy[column];
        return copy;
      })] as const;
    }),
  );
  return new Map(tables);
}

/** The rows `filter` keeps, serialised and sorted per table. */
export function select(rows: Rows, filter: RowFilter = () => true): Snapshot {
  return new Map([...rows].map(([table, list]) => [table, list.filter((row) => filter(table, row)).map(serialise).sort()]));
}

export async function snapshot(lk: TestInstance, filter: RowFilter = () => true): Promise<Snapshot> {
  return select(await readRows(lk), filter);
}

/** The rows added and removed between two snapshots, one line each (empty when nothing changed). */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const [table, rows] of after) {
    const old = new Set(before.get(table) ?? []);
    const now = new Set(rows);
    for (const row of before.get(table) ?? []) if (!now.has(row)) lines.push(`- ${table} ${row}`);
    for (const row of rows) if (!old.has(row)) lines.push(`+ ${table} ${row}`);
  }
  return lines;
}

/** Rows that belong to none of the given projects (a project's own row included). */
export function notOfProjects(projectIds: ReadonlySet<string>): RowFilter {
  return (table, row) => {
    if (table === "projects") return !projectIds.has(row.id as string);
    return !projectIds.has(row.projectId as string);
  };
}
