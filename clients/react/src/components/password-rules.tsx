/**
 * The password rules, listed up front under a new password's field (the server's: 8 to 70 characters,
 * not a common or easily guessed password), and the rule a refusal names, marked in the list and said
 * in words.
 */
import { format, useMessages } from "../i18n/index.js";
import { passwordMessages } from "./password-messages.js";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

export type PasswordRule = "short" | "long" | "common" | "guessable";

interface PasswordFailure {
  rule: PasswordRule;
  min: number;
  max: number;
}

/** The rule a refusal of the server names, or null for any other error. */
export function passwordFailureOf(error: unknown): PasswordFailure | null {
  if (typeof error !== "object" || error === null) return null;
  const { errorCode, code, details } = error as { errorCode?: unknown; code?: unknown; details?: Record<string, unknown> };
  const name = errorCode ?? code;
  const number = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
  const limits = { min: number(details?.min_length, PASSWORD_MIN_LENGTH), max: number(details?.maxLength, PASSWORD_MAX_LENGTH) };
  if (name === "PASSWORD_TOO_SHORT") return { rule: "short", ...limits };
  if (name === "PASSWORD_TOO_LONG") return { rule: "long", ...limits };
  if (name === "PASSWORD_REQUIREMENTS_NOT_MET") return { rule: details?.rule === "too_common" ? "common" : "guessable", ...limits };
  return null;
}

/** The refusal's text naming the failed rule, or null when `error` is not a password refusal. */
export function usePasswordFailureText(): (error: unknown) => string | null {
  const t = useMessages(passwordMessages);
  return (error) => {
    const failure = passwordFailureOf(error);
    if (!failure) return null;
    const texts = { short: t.failedShort, long: t.failedLong, common: t.failedCommon, guessable: t.failedGuessable } as const;
    return format(texts[failure.rule], { min: failure.min, max: failure.max });
  };
}

/** The rules list; `id` lets the field name it in `aria-describedby`. */
export function PasswordRules({ id, failed }: { id: string; failed: PasswordRule | null }) {
  const t = useMessages(passwordMessages);
  const rules = [
    { key: "length", text: format(t.ruleLength, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }), failed: failed === "short" || failed === "long" },
    { key: "guess", text: t.ruleGuessable, failed: failed === "common" || failed === "guessable" },
  ];
  return (
    <div id={id} className="lk-rules lk-small">
      <span className="lk-muted">{t.rulesTitle}</span>
      <ul>
        {rules.map((rule) => (
          <li key={rule.key} data-failed={rule.failed || undefined}>
            {rule.failed && <span className="lk-visually-hidden">{t.ruleFailed} </span>}
            {rule.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
