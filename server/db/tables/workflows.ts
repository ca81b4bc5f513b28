/**
 * Workflows (config `workflows.availableWorkflows`): the run log. One row per workflow and triggering
 * event (the event's outbox row of kind `workflow`), updated by each attempt. While a run makes its
 * API calls it holds a workflow token (x-stack-workflow-token); only its SHA-256 hash is stored.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineWorkflowTables(b: TableBuilders, { projects }: ProjectTables) {
  const workflowRuns = b.table(
    "workflow_runs",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      workflowId: b.text("workflow_id").notNull(),
      /** The outbox row of the event; no foreign key: the log outlives the delivered row. */
      outboxId: b.text("outbox_id").notNull(),
      trigger: b.text("trigger", { enum: ["sign-up"] }).notNull(),
      /** The user the event is about. */
      userId: b.text("user_id"),
      status: b.text("status", { enum: ["running", "succeeded", "failed", "retrying"] }).notNull(),
      attempts: b.integer("attempts").notNull().default(0),
      /** Why it failed (the workflow's error and line, the limit that stopped it, or the API's answer). */
      error: b.text("error"),
      /** The run's console lines and the API calls it made, with their answers' status. */
      logs: b.json("logs").$type<string[]>().notNull(),
      tokenHash: b.text("token_hash"),
      tokenExpiresAt: b.time("token_expires_at"),
      createdAt: b.time("created_at").notNull(),
      finishedAt: b.time("finished_at"),
    },
    (t) => [
      b.index("workflow_runs_project_idx").on(t.projectId, t.createdAt),
      b.uniqueIndex("workflow_runs_outbox_idx").on(t.outboxId, t.workflowId),
      b.uniqueIndex("workflow_runs_token_idx").on(t.tokenHash),
    ],
  );

  return { workflowRuns };
}
