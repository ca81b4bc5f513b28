/**
 * Workflows (config `workflows.availableWorkflows.<id>`): the run log admins read. A run is one enabled
 * workflow on one event (a sign-up), updated by each attempt.
 */
import { z } from "zod";
import { millis, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Workflows"];

export const workflowRun = z
  .object({
    id: uuid,
    workflow_id: z.string().meta({ description: "The key under `workflows.availableWorkflows`.", example: "welcome-mail" }),
    trigger: z.enum(["sign-up"]).meta({ description: "The event the run was for." }),
    user_id: z.string().nullable().meta({ description: "The user the event was about." }),
    status: z.enum(["running", "succeeded", "failed", "retrying"]),
    attempts: z.number().int(),
    error: z.string().nullable().meta({ description: "Why it failed or is retried: the workflow's error and line, the limit that stopped it, or the API's answer to one of its calls." }),
    logs: z.array(z.string()).meta({ description: "The run's console lines, then each API call it made with the status answered." }),
    created_at_millis: millis,
    finished_at_millis: millis.nullable(),
  })
  .meta({ id: "WorkflowRun" });

export const listWorkflowRuns = defineProcedure({
  method: "GET",
  path: "/internal/workflow-runs",
  access: "admin",
  summary: "The project's workflow runs, newest first (at most `limit`, default 50), optionally of one workflow",
  tags,
  successStatus: 200,
  errors: [],
  query: z.strictObject({
    workflow_id: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  output: z.object({ items: z.array(workflowRun), is_paginated: z.literal(false) }),
});

export const workflowProcedures = { listWorkflowRuns } as const;
