/**
 * The audit log (beyond Stack): admin actions and security events, append-only, each row chained to the
 * one before by a keyed hash; admins list and filter it and check the chain.
 */
import { z } from "zod";
import { eventNames } from "./events.js";
import { jsonValue, millis, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Audit log"];

export const auditEntry = z
  .object({
    id: uuid,
    seq: z.number().int().meta({ description: "Position in the project's chain (1, 2, …)." }),
    event: z.string().meta({ example: "api_key_set.created" }),
    actor: z.object({
      access_type: z.enum(["client", "server", "admin"]).nullable(),
      user_id: z.string().nullable(),
    }),
    object_key: z.string().nullable().meta({ description: "What the event is about, as `<resource>:<id>`.", example: "user:3f0c…" }),
    payload: jsonValue,
    occurred_at_millis: millis,
    prev_hash: z.string(),
    hash: z.string(),
  })
  .meta({ id: "AuditEntry" });

export const listAuditLog = defineProcedure({
  method: "GET",
  path: "/internal/audit-log",
  access: "admin",
  summary: "The project's audit log, newest first, filtered by event, actor, object or time",
  tags,
  successStatus: 200,
  errors: [],
  query: z.strictObject({
    event: z.enum(eventNames).optional(),
    actor_user_id: z.string().max(100).optional(),
    object_key: z.string().max(300).optional(),
    since_millis: millis.optional(),
    until_millis: millis.optional(),
    cursor: z.number().int().min(1).optional().meta({ description: "`pagination.next_cursor` of the previous page." }),
    limit: z.number().int().min(1).max(500).optional(),
  }),
  output: z.object({
    items: z.array(auditEntry),
    is_paginated: z.literal(true),
    pagination: z.object({ next_cursor: z.number().int().nullable() }),
  }),
});

export const verifyAuditLog = defineProcedure({
  method: "POST",
  path: "/internal/audit-log/verify",
  access: "admin",
  summary: "Check the audit log's hash chain from its first row and against its checkpoints: a changed, removed or forged row is reported",
  tags,
  successStatus: 200,
  errors: [],
  body: z.object({}),
  output: z.object({
    valid: z.boolean(),
    checked: z.number().int(),
    first_invalid_seq: z.number().int().nullable(),
    problem: z.string().nullable(),
    head: z.object({ seq: z.number().int(), hash: z.string() }).nullable().meta({ description: "The chain's last position and hash." }),
    checkpoints: z
      .object({
        checked: z.number().int(),
        latest: z.object({ seq: z.number().int(), hash: z.string(), created_at_millis: millis }).nullable(),
      })
      .meta({
        description:
          "Signed heads of the chain kept apart from it (written periodically and every 1000 rows): a chain that ends before the newest one lost its newest rows. Keep copies elsewhere too (`latchkey audit checkpoints`).",
      }),
  }),
});

/** This file's procedures, registered in contract/index.ts. */
export const auditProcedures = { listAuditLog, verifyAuditLog } as const;
