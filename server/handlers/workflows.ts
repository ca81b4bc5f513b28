import type * as c from "../../contract/workflows.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { workflowRunToJson } from "../views/workflow-runs.js";

const listWorkflowRuns: Handler<typeof c.listWorkflowRuns> = async (ctx, { query }) => {
  const rows = await ctx.deps.queries.workflowRuns.list(ctx.auth.project.id, { workflowId: query.workflow_id, limit: query.limit ?? 50 });
  return { items: rows.map(workflowRunToJson), is_paginated: false };
};

export const workflowHandlers = { listWorkflowRuns } satisfies HandlerMap<typeof c.workflowProcedures>;
