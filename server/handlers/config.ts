import type * as c from "../../contract/config.js";
import { knownError } from "../../contract/known-error.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "../http/request-input.js";
import { actorOf } from "./actor.js";
import { applyConfigOverride } from "../services/projects.js";

const getConfig: Handler<typeof c.getConfig> = async (ctx) => ({
  config_string: JSON.stringify(ctx.projectConfig),
});

const updateConfigOverride: Handler<typeof c.updateConfigOverride> = async (ctx, { body }) => {
  if (body.config_override_string === undefined) return {};
  let patch: unknown;
  try {
    patch = JSON.parse(body.config_override_string);
  } catch {
    throw knownError("SCHEMA_ERROR", { message: "body.config_override_string is not valid JSON" });
  }
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw knownError("SCHEMA_ERROR", { message: "body.config_override_string must be a JSON object" });
  }
  if (nestsDeeperThan(patch, MAX_JSON_NESTING)) {
    throw knownError("SCHEMA_ERROR", { message: `body.config_override_string nests more than ${MAX_JSON_NESTING} levels deep` });
  }
  await applyConfigOverride(ctx.deps, ctx.auth.project.id, patch as Record<string, unknown>, actorOf(ctx.auth));
  return {};
};

export const configHandlers = {
  getConfig,
  updateConfigOverride,
} satisfies HandlerMap<typeof c.configProcedures>;
