import type * as c from "../../contract/misc.js";
import { healthCheck } from "../services/health.js";
import type { Handler, HandlerMap } from "../http/handler.js";

const accessNames = { client: "Client", server: "Server", admin: "Admin" } as const;

const apiRoot: Handler<typeof c.apiRoot> = async (ctx) => {
  const auth = ctx.optionalAuth;
  const who = auth ? `Authentication: ${accessNames[auth.accessType]}\n  Project: ${auth.project.id}` : "Authentication: None";
  return `Welcome to the Latchkey API (wire-compatible with Stack Auth API v1). The OpenAPI document is at /api/v1/openapi.json.\n\n${who}`;
};

const health: Handler<typeof c.health> = async (ctx, { query }) => healthCheck(ctx.deps, query.db !== undefined);

const checkFeatureSupport: Handler<typeof c.checkFeatureSupport> = async (ctx, { body }) => {
  const feature = body?.name ?? "This feature";
  ctx.deps.log.info("unsupported feature reported by a client", { feature: feature.slice(0, 200) });
  return `${feature} is not supported by this server yet.`;
};

export const miscHandlers = {
  apiRoot,
  health,
  checkFeatureSupport,
} satisfies HandlerMap<typeof c.miscProcedures>;
