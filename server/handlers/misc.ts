import type * as c from "../../contract/misc.js";
import { checkClientVersion } from "../services/client-version.js";
import { compatibilityFacts } from "../services/compatibility.js";
import { healthCheck } from "../services/health.js";
import type { Handler, HandlerMap } from "../http/handler.js";

const accessNames = { client: "Client", server: "Server", admin: "Admin" } as const;

const apiRoot: Handler<typeof c.apiRoot> = async (ctx) => {
  const auth = ctx.optionalAuth;
  // Stack's text, byte for byte (misc.md §6): clients' network diagnostics print and compare it.
  const user = auth?.user ? (auth.user.primaryEmail?.value ?? auth.user.user.id) : "None";
  const who = auth ? `Authentication: ${accessNames[auth.accessType]}\n  Project: ${auth.project.id}\n  User: ${user}` : "Authentication: None";
  return `Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\n${who}`;
};

const health: Handler<typeof c.health> = async (ctx, { query }) => {
  const result = await healthCheck(ctx.deps, query.db !== undefined);
  // The contract's health answers only "ok"; an unavailable process fails as when its database is down.
  if (result.status !== "ok") throw new Error(result.reason);
  return result;
};

const checkFeatureSupport: Handler<typeof c.checkFeatureSupport> = async (ctx, { body }) => {
  const feature = body?.feature_name ?? body?.name ?? "This feature";
  ctx.deps.log.info("unsupported feature reported by a client", { feature: feature.slice(0, 200) });
  return `${feature} is not yet supported. Please reach out to Stack support for more information.`;
};

const checkVersion: Handler<typeof c.checkVersion> = async (ctx, { body }) => checkClientVersion(body.clientVersion);

const compatibility: Handler<typeof c.compatibility> = async () => ({
  ...compatibilityFacts,
  deviations: [...compatibilityFacts.deviations],
  extensions: [...compatibilityFacts.extensions],
});

export const miscHandlers = {
  apiRoot,
  health,
  checkFeatureSupport,
  checkVersion,
  compatibility,
} satisfies HandlerMap<typeof c.miscProcedures>;
