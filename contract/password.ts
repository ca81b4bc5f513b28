import { z } from "zod";
import { email, signUpEmail, successResponse, urlString, verificationCode } from "./fields.js";
import { defineProcedure } from "./procedure.js";
import { signInResponse } from "./sessions.js";

/**
 * Length rules are checked by the server so that they answer PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG; a
 * password a user picks that is on the common-password list answers PASSWORD_REQUIREMENTS_NOT_MET.
 */
const password = z.string().max(10_000).meta({ description: "8 to 70 characters.", example: "correct horse battery staple" });

const passwordErrors = ["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_REQUIREMENTS_NOT_MET", "PASSWORD_AUTHENTICATION_NOT_ENABLED"] as const;

export const passwordSignUp = defineProcedure({
  method: "POST",
  path: "/auth/password/sign-up",
  access: "client",
  rateLimit: "sign-up",
  summary: "Sign up with e-mail and password; mails a verification link",
  tags: ["Password"],
  successStatus: 200,
  errors: [...passwordErrors, "SIGN_UP_NOT_ENABLED", "USER_EMAIL_ALREADY_EXISTS", "REDIRECT_URL_NOT_WHITELISTED", "tooManyRequests"],
  body: z.strictObject({
    email: signUpEmail,
    password,
    verification_callback_url: urlString.optional().meta({ description: "Page the verification link opens; default: the hosted page." }),
  }),
  output: signInResponse,
});

export const passwordSignIn = defineProcedure({
  method: "POST",
  path: "/auth/password/sign-in",
  access: "client",
  rateLimit: "sign-in",
  summary: "Sign in with e-mail and password",
  tags: ["Password"],
  successStatus: 200,
  errors: ["EMAIL_PASSWORD_MISMATCH", "PASSWORD_AUTHENTICATION_NOT_ENABLED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "tooManyRequests"],
  body: z.strictObject({ email, password }),
  output: signInResponse,
});

export const sendPasswordResetCode = defineProcedure({
  method: "POST",
  path: "/auth/password/send-reset-code",
  access: "client",
  rateLimit: "send-code",
  summary: "Mail a password-reset link (the answer is the same whether or not the e-mail is known)",
  tags: ["Password"],
  successStatus: 200,
  errors: ["PASSWORD_AUTHENTICATION_NOT_ENABLED", "REDIRECT_URL_NOT_WHITELISTED", "tooManyRequests"],
  body: z.strictObject({ email, callback_url: urlString }),
  output: z.object({ success: z.literal("maybe, only if user with e-mail exists") }),
});

export const checkPasswordResetCode = defineProcedure({
  method: "POST",
  path: "/auth/password/reset/check-code",
  access: "client",
  rateLimit: "check-code",
  summary: "Check a password-reset code without using it",
  tags: ["Password"],
  successStatus: 200,
  errors: ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"],
  body: z.strictObject({ code: verificationCode }),
  output: z.object({ is_code_valid: z.literal(true) }),
});

export const resetPassword = defineProcedure({
  method: "POST",
  path: "/auth/password/reset",
  access: "client",
  rateLimit: "check-code",
  summary: "Set a new password with a reset code; ends all the user's sessions",
  tags: ["Password"],
  successStatus: 200,
  errors: [...passwordErrors, "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "tooManyRequests"],
  body: z.strictObject({ code: verificationCode, password }),
  output: successResponse,
});

export const updatePassword = defineProcedure({
  method: "POST",
  path: "/auth/password/update",
  access: "client",
  summary: "Change the signed-in user's password; ends their other sessions",
  tags: ["Password"],
  successStatus: 200,
  errors: [...passwordErrors, "USER_DOES_NOT_HAVE_PASSWORD", "PASSWORD_CONFIRMATION_MISMATCH", "tooManyRequests"],
  body: z.strictObject({ old_password: password, new_password: password }),
  output: successResponse,
});

export const setPassword = defineProcedure({
  method: "POST",
  path: "/auth/password/set",
  access: "client",
  summary: "Give the signed-in user a password when they have none",
  tags: ["Password"],
  successStatus: 200,
  errors: [...passwordErrors, "passwordAlreadySet", "tooManyRequests"],
  body: z.strictObject({ password }),
  output: successResponse,
});

export const anonymousSignUp = defineProcedure({
  method: "POST",
  path: "/auth/anonymous/sign-up",
  access: "client",
  rateLimit: "sign-up",
  summary: "Create an anonymous user and sign it in",
  tags: ["Anonymous"],
  successStatus: 200,
  errors: [],
  output: signInResponse,
});

/** This file's procedures, registered in contract/index.ts. */
export const passwordProcedures = {
  passwordSignUp,
  passwordSignIn,
  sendPasswordResetCode,
  checkPasswordResetCode,
  resetPassword,
  updatePassword,
  setPassword,
  anonymousSignUp,
} as const;
