import type { passkeyProcedures } from "../../contract/passkeys.js";
import { requireUser } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import * as passkeys from "../services/passkeys.js";
import { sessionOriginOf } from "../services/sessions.js";

export const passkeyHandlers = {
  initiatePasskeyRegistration: async (ctx) => passkeys.initiatePasskeyRegistration(ctx.deps, ctx.auth.project, requireUser(ctx.auth)),
  registerPasskey: async (ctx, { body }) => passkeys.registerPasskey(ctx.deps, ctx.auth.project, requireUser(ctx.auth), body.credential, body.code),
  initiatePasskeyAuthentication: async (ctx) => passkeys.initiatePasskeyAuthentication(ctx.deps, ctx.auth.project),
  passkeySignIn: async (ctx, { body }) => passkeys.signInWithPasskey(ctx.deps, ctx.auth.project, body.authentication_response, body.code, sessionOriginOf(ctx)),
} satisfies HandlerMap<typeof passkeyProcedures>;
