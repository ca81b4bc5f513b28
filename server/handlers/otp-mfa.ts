import type { otpMfaProcedures } from "../../contract/otp-mfa.js";
import type { ProcedureInput } from "../../contract/procedure.js";
import { requireUser } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import { statusError } from "../errors.js";
import { createRecoveryCodes, initiatePasskeySecondFactor, signInWithSecondFactor, type SecondFactor } from "../services/mfa/second-factor.js";
import { redeemImpersonationCode } from "../services/impersonation.js";
import { checkSignInCode, sendSignInCode, signInWithCode } from "../services/otp-auth.js";
import { sessionOriginOf } from "../services/sessions.js";

function secondFactorOf(body: ProcedureInput<typeof otpMfaProcedures.mfaSignIn>["body"]): SecondFactor {
  if (body.type === "totp") return { totp: body.totp };
  if (body.type === "recovery_code") return { recoveryCode: body.recovery_code };
  return { passkey: body.authentication_response };
}

export const otpMfaHandlers = {
  sendSignInCode: async (ctx, { body }) => sendSignInCode(ctx.deps, ctx.auth.project, body.email, body.callback_url),
  // An admin's impersonation link opens the same callback page as a magic link (services/impersonation.ts).
  otpSignIn: async (ctx, { body }) =>
    (await redeemImpersonationCode(ctx.deps, ctx.auth.project, body.code)) ?? signInWithCode(ctx.deps, ctx.auth.project, body.code, ctx.auth.user, sessionOriginOf(ctx)),
  otpCheckCode: async (ctx, { body }) => {
    await checkSignInCode(ctx.deps, ctx.auth.project, body.code);
    return { is_code_valid: true };
  },
  mfaSignIn: async (ctx, { body }) =>
    signInWithSecondFactor(
      ctx.deps,
      ctx.auth.project,
      body.code,
      secondFactorOf(body),
      sessionOriginOf(ctx),
    ),
  initiateMfaPasskey: async (ctx, { body }) => initiatePasskeySecondFactor(ctx.deps, ctx.auth.project, body.code),
  createRecoveryCodes: async (ctx) => {
    const record = requireUser(ctx.auth);
    if (!record.user.totpSecret) throw statusError("totpRequiredForRecoveryCodes");
    return { recovery_codes: await createRecoveryCodes(ctx.deps, ctx.auth.project, record) };
  },
} satisfies HandlerMap<typeof otpMfaProcedures>;
