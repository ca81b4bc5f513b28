/**
 * Known errors in words a person understands, in every shipped language. Errors carry their code as
 * `errorCode` (the SDK's KnownError) or `code` (wire JSON); unknown errors get a general text, and
 * network failures their own.
 */
import { defineMessages, useMessages, type Locale, type Messages } from "./locale.js";

const en = {
  EMAIL_PASSWORD_MISMATCH: "Wrong e-mail or password.",
  USER_EMAIL_ALREADY_EXISTS: "An account with this e-mail address already exists.",
  PASSWORD_TOO_SHORT: "The password is too short.",
  PASSWORD_TOO_LONG: "The password is too long.",
  PASSWORD_REQUIREMENTS_NOT_MET: "The password does not meet the requirements.",
  PASSWORD_CONFIRMATION_MISMATCH: "The passwords do not match.",
  USER_DOES_NOT_HAVE_PASSWORD: "This account has no password. Sign in another way.",
  VERIFICATION_ERROR: "This code cannot be used.",
  VERIFICATION_CODE_NOT_FOUND: "This code is not valid. Check it, or ask for a new one.",
  VERIFICATION_CODE_EXPIRED: "This code has expired. Ask for a new one.",
  VERIFICATION_CODE_ALREADY_USED: "This code has already been used.",
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: "Too many wrong attempts. Ask for a new code.",
  INVALID_TOTP_CODE: "The one-time code is not correct.",
  SIGN_UP_NOT_ENABLED: "New accounts cannot be created for this app.",
  PASSWORD_AUTHENTICATION_NOT_ENABLED: "Signing in with a password is turned off for this app.",
  PASSKEY_AUTHENTICATION_NOT_ENABLED: "Signing in with a passkey is turned off for this app.",
  PASSKEY_AUTHENTICATION_FAILED: "The passkey could not be checked. Try again.",
  PASSKEY_REGISTRATION_FAILED: "The passkey could not be registered.",
  PASSKEY_WEBAUTHN_ERROR: "The browser could not use the passkey.",
  REDIRECT_URL_NOT_WHITELISTED: "This address is not allowed as a redirect target for the app.",
  USER_NOT_FOUND: "No account was found.",
  EMAIL_ALREADY_VERIFIED: "This e-mail address is already verified.",
  EMAIL_NOT_VERIFIED: "This e-mail address is not verified yet.",
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: "This e-mail address is already used by another account.",
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: "This account of the provider is already connected to another user.",
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: "This sign-in provider is not enabled.",
  OAUTH_PROVIDER_ACCESS_DENIED: "The provider did not allow the sign-in.",
  OUTER_OAUTH_TIMEOUT: "The sign-in took too long. Please try again.",
  INVALID_AUTHORIZATION_CODE: "The sign-in could not be completed. Please try again.",
  TEAM_MEMBERSHIP_ALREADY_EXISTS: "You are already a member of this team.",
  TEAM_NOT_FOUND: "The team no longer exists.",
  USER_AUTHENTICATION_REQUIRED: "Please sign in first.",
  CANNOT_GET_OWN_USER_WITHOUT_USER: "Please sign in first.",
  CLI_AUTH_ERROR: "The command-line login could not be confirmed.",
  CLI_AUTH_EXPIRED_ERROR: "The command-line login has expired. Start it again.",
  CLI_AUTH_USED_ERROR: "The command-line login has already been confirmed.",
  INVALID_PUBLISHABLE_CLIENT_KEY: "This app is not set up correctly (invalid client key).",
  CURRENT_PROJECT_NOT_FOUND: "This app does not exist.",
  PROJECT_NOT_FOUND: "This app does not exist.",
  RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
  NETWORK: "The server cannot be reached. Check your connection and try again.",
  UNKNOWN: "Something went wrong. Please try again.",
  EMAIL_EXISTS_UNVERIFIED:
    "An account with this e-mail address exists, but the address is not verified yet, so it cannot be used to sign in this way. Sign in the way you signed up (for example with your password), then verify the address from the mail we sent or from your account settings.",
};

export type KnownErrorKey = keyof typeof en;

export const knownErrorTexts = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.knownErrors),
  fr: () => import("../locales/fr.js").then((m) => m.knownErrors),
  es: () => import("../locales/es.js").then((m) => m.knownErrors),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.knownErrors),
  it: () => import("../locales/it.js").then((m) => m.knownErrors),
  ja: () => import("../locales/ja.js").then((m) => m.knownErrors),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.knownErrors),
});

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const record = error as { errorCode?: unknown; code?: unknown };
  if (typeof record.errorCode === "string") return record.errorCode;
  if (typeof record.code === "string") return record.code;
  return undefined;
}

/**
 * The text for an error (a KnownError, wire JSON, a network failure or anything else) in `locale`
 * (English until `locale`'s texts are loaded: `useErrorText` waits for them).
 */
export function describeError(error: unknown, locale: Locale): string {
  return describeWith(error, knownErrorTexts[locale]);
}

function describeWith(error: unknown, texts: Messages<KnownErrorKey>): string {
  const code = codeOf(error);
  // The address belongs to an account that has not verified it: the way on is that account's own sign-in.
  if ((error as { details?: { would_work_if_email_was_verified?: unknown } } | null)?.details?.would_work_if_email_was_verified === true) return texts.EMAIL_EXISTS_UNVERIFIED;
  if (code !== undefined && code in texts) return texts[code as KnownErrorKey];
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  if (status === 429) return texts.RATE_LIMITED;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "ConnectivityError" || name === "OfflineError" || error instanceof TypeError) return texts.NETWORK;
  return texts.UNKNOWN;
}

/** A function giving an error's text in the active locale. */
export function useErrorText(): (error: unknown) => string {
  const texts = useMessages(knownErrorTexts);
  return (error) => describeWith(error, texts);
}
