import type * as c from "../../contract/audit.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { listAudit } from "../services/audit/read.js";
import { verifyAuditChain } from "../services/audit/chain.js";
import { auditEntryToJson } from "../views/audit.js";

const listAuditLog: Handler<typeof c.listAuditLog> = async (ctx, { query }) => {
  const limit = query.limit ?? 100;
  const rows = await listAudit(ctx.deps, ctx.auth.project.id, {
    event: query.event,
    actorUserId: query.actor_user_id,
    objectKey: query.object_key,
    since: query.since_millis === undefined ? undefined : new Date(query.since_millis),
    until: query.until_millis === undefined ? undefined : new Date(query.until_millis),
    beforeSeq: query.cursor,
    limit,
  });
  const last = rows.at(-1);
  return { items: rows.map(auditEntryToJson), is_paginated: true, pagination: { next_cursor: rows.length === limit && last ? Number(last.seq) : null } };
};

const verifyAuditLog: Handler<typeof c.verifyAuditLog> = async (ctx) => {
  const check = await verifyAuditChain(ctx.deps, ctx.auth.project.id);
  const latest = check.checkpoints.latest;
  return {
    valid: check.valid,
    checked: check.checked,
    first_invalid_seq: check.firstInvalidSeq,
    problem: check.problem,
    head: check.head,
    checkpoints: { checked: check.checkpoints.checked, latest: latest && { seq: latest.seq, hash: latest.hash, created_at_millis: latest.createdAt.getTime() } },
  };
};

export const auditHandlers = { listAuditLog, verifyAuditLog } satisfies HandlerMap<typeof c.auditProcedures>;
