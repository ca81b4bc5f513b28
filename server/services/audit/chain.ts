/**
 * The audit log's hash chain. Rows are appended unsealed in the change's unit of work; sealing gives
 * each, in recording order, the next position of its project's chain, the previous row's hash and its
 * own: a keyed hash (HMAC under a key derived from the server secret) over its content and the previous
 * hash. Changing a sealed row breaks its hash; removing one leaves a gap in the positions and breaks the
 * next row's link. Without the server secret nobody can re-forge the chain after an edit.
 *
 * Truncating the newest rows leaves a valid, shorter chain: `verifyAuditChain` returns the head (last
 * position and hash) so that it can be compared with a copy kept elsewhere.
 */
import type { AuditRow } from "../../db/queries/audit.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";

const MAC_PURPOSE = "audit-chain";
const GENESIS = "genesis";
const BATCH = 500;

/** JSON with object keys sorted at every level (PostgreSQL's jsonb does not keep the written order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function rowHash(deps: AppDeps, row: AuditRow, seq: number, prevHash: string): string {
  const content = canonicalJson([
    row.projectId,
    row.id,
    seq,
    prevHash,
    row.event,
    row.actorType,
    row.actorUserId,
    row.objectKey,
    row.occurredAt.getTime(),
    row.payload,
  ]);
  return deps.secrets.mac(content, MAC_PURPOSE);
}

/** Seals the project's unsealed rows through `tx` (a transaction of the caller's). */
export async function sealPending(deps: AppDeps, projectId: string, tx: Db): Promise<number> {
  const audit = deps.queries.audit;
  let sealed = 0;
  let head = await audit.head(projectId, tx);
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS;
  for (;;) {
    const rows = await audit.unsealed(projectId, BATCH, tx);
    for (const row of rows) {
      seq++;
      const hash = rowHash(deps, row, seq, prevHash);
      await audit.seal(projectId, row.id, { seq, prevHash, hash }, tx);
      prevHash = hash;
      sealed++;
    }
    if (rows.length < BATCH) return sealed;
    head = { seq, hash: prevHash };
  }
}

/** Seals the project's unsealed rows in a transaction of its own. */
export async function sealAuditChain(deps: AppDeps, projectId: string): Promise<number> {
  return deps.store.transaction((tx) => sealPending(deps, projectId, tx));
}

export interface ChainCheck {
  valid: boolean;
  /** Sealed rows checked. */
  checked: number;
  /** The chain position where the first problem shows, and what it is. */
  firstInvalidSeq: number | null;
  problem: string | null;
  /** The last position and hash: keep a copy elsewhere to detect a removal of the newest rows. */
  head: { seq: number; hash: string } | null;
}

/** Seals what is pending, then walks the project's chain from the start and checks every link. */
export async function verifyAuditChain(deps: AppDeps, projectId: string): Promise<ChainCheck> {
  await sealAuditChain(deps, projectId);
  let expectedSeq = 1;
  let prevHash = GENESIS;
  let checked = 0;
  const fail = (seq: number, problem: string): ChainCheck => ({ valid: false, checked, firstInvalidSeq: seq, problem, head: null });
  for (;;) {
    const rows = await deps.queries.audit.chainPage(projectId, expectedSeq - 1, BATCH);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return fail(expectedSeq, `row ${expectedSeq} is missing`);
      if (row.prevHash !== prevHash) return fail(seq, `row ${seq} does not link to the row before it`);
      if (row.hash !== rowHash(deps, row, seq, prevHash)) return fail(seq, `row ${seq} was changed after it was recorded`);
      prevHash = row.hash!;
      expectedSeq++;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  return { valid: true, checked, firstInvalidSeq: null, problem: null, head: checked > 0 ? { seq: expectedSeq - 1, hash: prevHash } : null };
}
