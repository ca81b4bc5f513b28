import type { cliAuthProcedures } from "../../contract/cli-auth.js";
import { requireUser } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import * as cli from "../services/cli-auth.js";

export const cliAuthHandlers = {
  async startCliLogin(ctx, { body }) {
    const started = await cli.startCliLogin(ctx.deps, ctx.auth.project.id, body.expires_in_millis);
    return { polling_code: started.pollingCode, login_code: started.loginCode, expires_at: started.expiresAt.toISOString() };
  },

  async pollCliLogin(ctx, { body }) {
    const answer = await cli.pollCliLogin(ctx.deps, ctx.auth.project.id, body.polling_code);
    return answer.status === "success" ? { status: "success", refresh_token: answer.refreshToken } : answer;
  },

  async completeCliLogin(ctx, { body }) {
    await cli.assertWaitingCliLogin(ctx.deps, ctx.auth.project.id, body.login_code);
    const { user } = requireUser(ctx.auth);
    await cli.completeCliLogin(ctx.deps, ctx.auth.project.id, user.id, body.login_code, body.refresh_token);
    return { success: true };
  },
} satisfies HandlerMap<typeof cliAuthProcedures>;
