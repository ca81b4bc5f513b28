import type * as c from "../../contract/config.js";
import { knownError } from "../../contract/known-error.js";
import { statusError } from "../errors.js";
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
  // Unparsable text and repeated keys (which JSON.parse would silently resolve) answer Stack's text.
  try {
    patch = JSON.parse(body.config_override_string);
  } catch {
    throw statusError("invalidConfigJson");
  }
  if (hasRepeatedKey(body.config_override_string)) throw statusError("invalidConfigJson");
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw knownError("SCHEMA_ERROR", { message: "body.config_override_string must be a JSON object" });
  }
  if (nestsDeeperThan(patch, MAX_JSON_NESTING)) {
    throw knownError("SCHEMA_ERROR", { message: `body.config_override_string nests more than ${MAX_JSON_NESTING} levels deep` });
  }
  await applyConfigOverride(ctx.deps, ctx.auth.project.id, patch as Record<string, unknown>, actorOf(ctx.auth));
  return {};
};

/** Whether some object in `text` (valid JSON) names a key twice. */
function hasRepeatedKey(text: string): boolean {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const keys = open.at(-1);
      if (atKey && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return true;
        keys.add(key);
        atKey = false;
      }
      i = end;
    } else if (ch === "{") {
      open.push(new Set());
      atKey = true;
    } else if (ch === "[") {
      open.push(null);
      atKey = false;
    } else if (ch === "}" || ch === "]") {
      open.pop();
      atKey = false;
    } else if (ch === ",") {
      atKey = open.at(-1) instanceof Set;
    }
  }
  return false;
}

export const configHandlers = {
  getConfig,
  updateConfigOverride,
} satisfies HandlerMap<typeof c.configProcedures>;
