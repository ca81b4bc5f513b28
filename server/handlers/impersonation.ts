import type * as c from "../../contract/impersonation.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { createImpersonationLink as createLink } from "../services/impersonation.js";
import { actorOf } from "./actor.js";

const createImpersonationLink: Handler<typeof c.createImpersonationLink> = async (ctx, { body }) =>
  createLink(ctx.deps, ctx.auth.project, { userId: body.user_id, callbackUrl: body.callback_url }, actorOf(ctx.auth));

export const impersonationHandlers = { createImpersonationLink } satisfies HandlerMap<typeof c.impersonationProcedures>;
