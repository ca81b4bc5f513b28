/** Magic link / one-time code sign-in, and the second factor (TOTP, a recovery code or a passkey). */
import { z } from "zod";
import { signUpEmail, urlString, verificationCode } from "./fields.js";
import { passkeyAuthenticationResponse, passkeyRequestOptions } from "./passkeys.js";
import { defineProcedure } from "./procedure.js";
import { signInResponse } from "./sessions.js";

const codeErrors = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"] as const;
const newUserSignIn = signInResponse.extend({ is_new_user: z.boolean() }).meta({ id: "CodeSignInResponse" });

export const sendSignInCode = defineProcedure({
  method: "POST",
  path: "/auth/otp/send-sign-in-code",
  access: "client",
  rateLimit: "send-code",
  summary: "Mail a sign-in link with a one-time code; the answer's nonce completes the code typed from the mail",
  tags: ["One-time codes"],
  successStatus: 200,
  errors: ["REDIRECT_URL_NOT_WHITELISTED", "USER_EMAIL_ALREADY_EXISTS", "SIGN_UP_NOT_ENABLED", "otpSignInDisabled", "tooManyRequests", "emailSendFailed"],
  body: z.strictObject({ email: signUpEmail, callback_url: urlString }),
  output: z.object({ nonce: z.string().meta({ description: "Send `otp + nonce` as the code to sign in with the typed code." }) }),
});

export const otpSignIn = defineProcedure({
  method: "POST",
  path: "/auth/otp/sign-in",
  access: "client",
  rateLimit: "check-code",
  summary: "Sign in (or up) with the code from the mail (or the typed code followed by the nonce)",
  tags: ["One-time codes"],
  successStatus: 200,
  errors: [...codeErrors, "SIGN_UP_NOT_ENABLED", "USER_EMAIL_ALREADY_EXISTS", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "otpSignInDisabled"],
  body: z.strictObject({ code: verificationCode }),
  output: newUserSignIn,
});

export const otpCheckCode = defineProcedure({
  method: "POST",
  path: "/auth/otp/sign-in/check-code",
  access: "client",
  rateLimit: "check-code",
  summary: "Check a sign-in code without using it",
  tags: ["One-time codes"],
  successStatus: 200,
  errors: [...codeErrors],
  body: z.strictObject({ code: verificationCode }),
  output: z.object({ is_code_valid: z.literal(true) }),
});

export const mfaSignIn = defineProcedure({
  method: "POST",
  path: "/auth/mfa/sign-in",
  access: "client",
  rateLimit: "check-code",
  summary: "Finish a sign-in that needs a second factor: a TOTP code, one of the user's recovery codes, or one of their passkeys",
  tags: ["Multi-factor"],
  successStatus: 200,
  errors: [...codeErrors, "INVALID_TOTP_CODE", "recoveryCodeAlreadyUsed", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_AUTHENTICATION_FAILED", "tooManyRequests"],
  body: z.discriminatedUnion("type", [
    // Any text up to 100 characters: a malformed code is a wrong one (INVALID_TOTP_CODE), as Stack answers it.
    z.strictObject({ type: z.literal("totp"), totp: z.string().max(100), code: verificationCode }),
    z.strictObject({ type: z.literal("recovery_code"), recovery_code: z.string().max(100), code: verificationCode }),
    // Latchkey only: the browser's signature over the challenge of POST /auth/mfa/passkey/initiate for this attempt.
    z.strictObject({ type: z.literal("passkey"), authentication_response: passkeyAuthenticationResponse, code: verificationCode }),
  ]),
  output: newUserSignIn
    .extend({
      recovery_codes_remaining: z
        .number()
        .int()
        .optional()
        .meta({ description: "Latchkey only, after a recovery code: how many of the user's recovery codes are still unused." }),
    })
    .meta({ id: "MfaSignInResponse" }),
});

export const initiateMfaPasskey = defineProcedure({
  method: "POST",
  path: "/auth/mfa/passkey/initiate",
  access: "client",
  rateLimit: "check-code",
  summary: "Latchkey only: a passkey challenge for a sign-in waiting for its second factor (refused when the user has no passkey)",
  description:
    "The options list the user's passkeys; sign them with `navigator.credentials.get` within a minute and send the result to POST /auth/mfa/sign-in as `{type: \"passkey\", authentication_response, code}`. Each challenge works once.",
  tags: ["Multi-factor"],
  successStatus: 200,
  errors: [...codeErrors, "PASSKEY_AUTHENTICATION_NOT_ENABLED", "noPasskeyForSecondFactor"],
  body: z.strictObject({ code: verificationCode.meta({ description: "The attempt code of MULTI_FACTOR_AUTHENTICATION_REQUIRED." }) }),
  output: z.object({ options_json: passkeyRequestOptions }).meta({ id: "MfaPasskeyOptions" }),
});

export const createRecoveryCodes = defineProcedure({
  method: "POST",
  path: "/auth/mfa/recovery-codes",
  access: "client",
  summary: "New single-use recovery codes for the signed-in user (replacing earlier ones); shown only in this answer",
  tags: ["Multi-factor"],
  successStatus: 201,
  errors: ["USER_AUTHENTICATION_REQUIRED", "totpRequiredForRecoveryCodes"],
  output: z.object({ recovery_codes: z.array(z.string()) }),
});

export const otpMfaProcedures = { sendSignInCode, otpSignIn, otpCheckCode, mfaSignIn, initiateMfaPasskey, createRecoveryCodes } as const;
