/**
 * Audit checkpoints: signed heads of a project's chain (position, hash, time, under a keyed hash
 * derived from the server secret), kept in a table apart from the chain. A chain that later ends
 * before a checkpoint's position, or holds another hash there, lost or changed rows: verification
 * (chain.ts) reports it. Written every `CHECKPOINT_EVERY` positions by the sealing transaction, by the
 * job runner every `auditCheckpointIntervalMs` for each project whose head moved (checkpoint-writer.ts),
 * and on demand (`latchkey audit checkpoint`). Copies kept outside the database (`latchkey audit
 * checkpoints` prints them) also survive someone who deletes both rows and checkpoints.
 */
import { randomUUID } from "node:crypto";
import type { AuditCheckpointRow } from "../../db/queries/audit-checkpoints.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { safeEqual } from "../secrets.js";

const MAC_PURPOSE = "audit-checkpoint";
/** A sealing transaction that crosses a multiple of this position writes a checkpoint. */
export const CHECKPOINT_EVERY = 1000;

function checkpointMac(deps: AppDeps, c: Pick<AuditCheckpointRow, "projectId" | "seq" | "hash" | "createdAt">): string {
  return deps.secrets.mac(JSON.stringify([c.projectId, Number(c.seq), c.hash, c.createdAt.getTime()]), MAC_PURPOSE);
}

export function checkpointIsGenuine(deps: AppDeps, row: AuditCheckpointRow): boolean {
  return safeEqual(row.mac, checkpointMac(deps, row));
}

/** Records a checkpoint naming `head` through `db`. */
export async function addCheckpoint(deps: AppDeps, projectId: string, head: { seq: number; hash: string }, db?: Db): Promise<AuditCheckpointRow> {
  const base = { id: randomUUID(), projectId, seq: head.seq, hash: head.hash, createdAt: deps.clock.now() };
  const row = { ...base, mac: checkpointMac(deps, base) };
  await deps.queries.auditCheckpoints.add(row, db);
  return row;
}

/** In a sealing transaction that moved the head from `fromSeq` to `head`: a checkpoint when it crossed a multiple of `CHECKPOINT_EVERY`. */
export async function maybeCheckpoint(deps: AppDeps, projectId: string, fromSeq: number, head: { seq: number; hash: string }, tx: Db): Promise<void> {
  if (Math.floor(head.seq / CHECKPOINT_EVERY) > Math.floor(fromSeq / CHECKPOINT_EVERY)) await addCheckpoint(deps, projectId, head, tx);
}
