import type * as c from "../../contract/password.js";
import { requireUserInSchema } from "../http/auth.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import * as passwords from "../services/password-auth.js";
import { hashSecret } from "../services/secrets.js";
import { sessionOriginOf } from "../services/sessions.js";
import { anonymousSignUp as anonymousSignUpService } from "../services/users/create.js";

const passwordSignUp: Handler<typeof c.passwordSignUp> = async (ctx, { body }) =>
  passwords.passwordSignUp(ctx.deps, ctx.auth.project, {
    email: body.email,
    password: body.password,
    verificationCallbackUrl: body.verification_callback_url,
    anonymousUser: ctx.auth.user,
    origin: sessionOriginOf(ctx),
  });

const passwordSignIn: Handler<typeof c.passwordSignIn> = async (ctx, { body }) =>
  passwords.passwordSignIn(ctx.deps, ctx.auth.project, body.email, body.password, sessionOriginOf(ctx));

const sendPasswordResetCode: Handler<typeof c.sendPasswordResetCode> = async (ctx, { body }) => {
  await passwords.sendPasswordResetCode(ctx.deps, ctx.auth.project, body.email, body.callback_url);
  return { success: "maybe, only if user with e-mail exists" };
};

const checkPasswordResetCode: Handler<typeof c.checkPasswordResetCode> = async (ctx, { body }) => {
  await passwords.checkPasswordResetCode(ctx.deps, ctx.auth.project, body.code);
  return { is_code_valid: true };
};

const resetPassword: Handler<typeof c.resetPassword> = async (ctx, { body }) => {
  await passwords.resetPassword(ctx.deps, ctx.auth.project, body.code, body.password);
  return { success: true };
};

const updatePassword: Handler<typeof c.updatePassword> = async (ctx, { body }) => {
  const { auth, deps } = ctx;
  const record = requireUserInSchema(auth, "POST /api/v1/auth/password/update");
  // The session to keep: the one of X-Stack-Refresh-Token when sent, else the access token's.
  const refreshToken = ctx.header("x-stack-refresh-token");
  const named = refreshToken ? await deps.queries.sessions.findLiveByTokenHash(auth.project.id, hashSecret(refreshToken), deps.clock.now()) : undefined;
  const keep = named?.userId === record.user.id ? named.id : auth.sessionId;
  await passwords.updatePassword(deps, auth.project, record, keep, body.old_password, body.new_password);
  return { success: true };
};

const setPassword: Handler<typeof c.setPassword> = async (ctx, { body }) => {
  await passwords.setPassword(ctx.deps, ctx.auth.project, requireUserInSchema(ctx.auth, "POST /api/v1/auth/password/set"), body.password);
  return { success: true };
};

const anonymousSignUp: Handler<typeof c.anonymousSignUp> = async (ctx) => anonymousSignUpService(ctx.deps, ctx.auth.project, sessionOriginOf(ctx));

export const passwordHandlers = {
  passwordSignUp,
  passwordSignIn,
  sendPasswordResetCode,
  checkPasswordResetCode,
  resetPassword,
  updatePassword,
  setPassword,
  anonymousSignUp,
} satisfies HandlerMap<typeof c.passwordProcedures>;
