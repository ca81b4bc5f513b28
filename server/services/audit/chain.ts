/**
 * The audit log's hash chain. Every row is written with its write-time seal: a keyed hash (HMAC under a
 * key derived from the server secret) over its content, computed in memory and stored by the same
 * statement, in the change's unit of work. Sealing into the chain gives each row, in recording order,
 * the next position of its project's chain, the previous row's hash and its own keyed hash over its
 * content and the previous hash; a row whose write-time seal is missing or wrong (inserted behind the
 * server's back) is refused instead: it never enters the chain, and verification reports it. Changing a
 * sealed row breaks its hash; removing one leaves a gap in the positions and breaks the next row's link.
 * Without the server secret nobody can forge a row or re-forge the chain after an edit.
 *
 * Truncating the newest rows leaves a valid, shorter chain: checkpoints (checkpoints.ts), signed heads
 * kept in a table of their own, catch it.
 */
import type { AuditRow } from "../../db/queries/audit.js";
import type { AuditCheckpointRow } from "../../db/queries/audit-checkpoints.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { safeEqual } from "../secrets.js";
import { checkpointIsGenuine, maybeCheckpoint } from "./checkpoints.js";

const MAC_PURPOSE = "audit-chain";
const ROW_MAC_PURPOSE = "audit-row";
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

type RowContent = Pick<AuditRow, "projectId" | "id" | "sequence" | "event" | "actorType" | "actorUserId" | "objectKey" | "occurredAt" | "payload">;

/** The write-time seal: a keyed hash over what the row says, stored with it by the statement that writes it. */
export function rowMac(deps: AppDeps, row: RowContent): string {
  const content = canonicalJson([row.projectId, row.id, row.sequence, row.event, row.actorType, row.actorUserId, row.objectKey, row.occurredAt.getTime(), row.payload]);
  return deps.secrets.mac(content, ROW_MAC_PURPOSE);
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

export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * Seals the project's unsealed rows through `tx` (a transaction of the caller's), refusing those without
 * a valid write-time seal; every `CHECKPOINT_EVERY` positions a checkpoint is written in the same
 * transaction. Answers the chain's head afterwards.
 */
export async function sealPending(deps: AppDeps, projectId: string, tx: Db): Promise<ChainHead | null> {
  const audit = deps.queries.audit;
  const start = (await audit.head(projectId, tx)) ?? null;
  let head: ChainHead | null = start ? { seq: Number(start.seq), hash: start.hash! } : null;
  for (;;) {
    const rows = await audit.unsealed(projectId, BATCH, tx);
    for (const row of rows) {
      if (!row.rowMac || !safeEqual(row.rowMac, rowMac(deps, row))) {
        await audit.reject(projectId, row.id, tx);
        continue;
      }
      const seq = (head?.seq ?? 0) + 1;
      const prevHash = head?.hash ?? GENESIS;
      const hash = rowHash(deps, row, seq, prevHash);
      await audit.seal(projectId, row.id, { seq, prevHash, hash }, tx);
      head = { seq, hash };
    }
    if (rows.length < BATCH) break;
  }
  if (head && head.seq !== (start ? Number(start.seq) : 0)) await maybeCheckpoint(deps, projectId, Number(start?.seq ?? 0), head, tx);
  return head;
}

/** Seals the project's unsealed rows in a transaction of its own; answers the chain's head. */
export async function sealAuditChain(deps: AppDeps, projectId: string): Promise<ChainHead | null> {
  return deps.store.transaction((tx) => sealPending(deps, projectId, tx));
}

export interface ChainCheck {
  valid: boolean;
  /** Sealed rows checked. */
  checked: number;
  /** The chain position where the first problem shows, and what it is. */
  firstInvalidSeq: number | null;
  problem: string | null;
  /** The last position and hash. */
  head: ChainHead | null;
  /** Checkpoints compared with the chain, and the newest of them. */
  checkpoints: { checked: number; latest: { seq: number; hash: string; createdAt: Date } | null };
}

/**
 * Seals what is pending, then walks the project's chain from the start and checks every link, that no
 * row was refused by sealing, and that every checkpoint is genuine and names a row the chain still has.
 */
export async function verifyAuditChain(deps: AppDeps, projectId: string): Promise<ChainCheck> {
  await sealAuditChain(deps, projectId);
  const checkpoints = await deps.queries.auditCheckpoints.list(projectId);
  const latest = checkpoints[0];
  const checkpointSummary = { checked: checkpoints.length, latest: latest ? { seq: Number(latest.seq), hash: latest.hash, createdAt: latest.createdAt } : null };
  const bySeq = new Map<number, AuditCheckpointRow>(checkpoints.map((c) => [Number(c.seq), c]));
  let expectedSeq = 1;
  let prevHash = GENESIS;
  let checked = 0;
  const fail = (seq: number | null, problem: string): ChainCheck => ({ valid: false, checked, firstInvalidSeq: seq, problem, head: null, checkpoints: checkpointSummary });

  const forged = checkpoints.find((c) => !checkpointIsGenuine(deps, c));
  if (forged) return fail(null, `the checkpoint naming row ${forged.seq} was not written by this server`);
  for (;;) {
    const rows = await deps.queries.audit.chainPage(projectId, expectedSeq - 1, BATCH);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return fail(expectedSeq, `row ${expectedSeq} is missing`);
      if (row.prevHash !== prevHash) return fail(seq, `row ${seq} does not link to the row before it`);
      if (row.hash !== rowHash(deps, row, seq, prevHash)) return fail(seq, `row ${seq} was changed after it was recorded`);
      const checkpoint = bySeq.get(seq);
      if (checkpoint && checkpoint.hash !== row.hash) return fail(seq, `row ${seq} differs from the checkpoint of ${checkpoint.createdAt.toISOString()}`);
      prevHash = row.hash!;
      expectedSeq++;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  const headSeq = expectedSeq - 1;
  if (latest && Number(latest.seq) > headSeq) {
    return fail(headSeq + 1, `the chain ends at row ${headSeq} but the checkpoint of ${latest.createdAt.toISOString()} names row ${latest.seq}: the newest rows were removed`);
  }
  const rejected = await deps.queries.audit.rejectedCount(projectId);
  if (rejected > 0) {
    return fail(null, `${rejected === 1 ? "1 row" : `${rejected} rows`} in the table ${rejected === 1 ? "was" : "were"} not recorded by this server (no valid write-time seal)`);
  }
  return { valid: true, checked, firstInvalidSeq: null, problem: null, head: checked > 0 ? { seq: headSeq, hash: prevHash } : null, checkpoints: checkpointSummary };
}
