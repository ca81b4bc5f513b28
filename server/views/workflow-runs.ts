import type { z } from "zod";
import type { workflowRun } from "../../contract/workflows.js";
import type { WorkflowRunRow } from "../db/queries/workflow-runs.js";

/** A run of the log as admins read it (never its token hash). */
export function workflowRunToJson(row: WorkflowRunRow): z.infer<typeof workflowRun> {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    trigger: row.trigger,
    user_id: row.userId,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    logs: row.logs,
    created_at_millis: row.createdAt.getTime(),
    finished_at_millis: row.finishedAt?.getTime() ?? null,
  };
}
