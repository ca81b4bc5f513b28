import type * as c from "../../contract/project-metrics.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { projectMetricsOf } from "../services/project-metrics.js";

const getProjectMetrics: Handler<typeof c.getProjectMetrics> = async (ctx, { query }) =>
  projectMetricsOf(ctx.deps, ctx.auth.project.id, ctx.projectConfig, query.include_anonymous ?? false);

export const projectMetricsHandlers = { getProjectMetrics } satisfies HandlerMap<typeof c.projectMetricsProcedures>;
