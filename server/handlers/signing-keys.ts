/** The project's access-token signing keys (admin): listing and rotation. */
import type * as c from "../../contract/signing-keys.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { rotateSigningKeys as rotate } from "../services/tokens/rotate-signing-keys.js";
import { signingKeyToJson } from "../views/signing-keys.js";
import { actorOf } from "./actor.js";

const listSigningKeys: Handler<typeof c.listSigningKeys> = async (ctx) => ({
  keys: (await ctx.deps.signingKeys.published(ctx.auth.project.id)).map(signingKeyToJson),
});

const rotateSigningKeys: Handler<typeof c.rotateSigningKeys> = async (ctx) => {
  await rotate(ctx.deps, ctx.auth.project.id, actorOf(ctx.auth));
  return { keys: (await ctx.deps.signingKeys.published(ctx.auth.project.id)).map(signingKeyToJson) };
};

export const signingKeyHandlers = { listSigningKeys, rotateSigningKeys } satisfies HandlerMap<typeof c.signingKeyProcedures>;
