/**
 * Known errors in words a person understands, in every shipped language. Errors carry their code as
 * `errorCode` (the SDK's KnownError) or `code` (wire JSON); unknown errors get a general text, and
 * network failures their own.
 */
import { defineMessages, useMessages, type Locale, type Messages } from "./locale.js";
import { en, type KnownErrorKey } from "./known-errors-en.js";

export type { KnownErrorKey };

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
