/**
 * Whether a password a user picks (sign-up, reset, change, set) is strong enough: first the bundled list
 * of the most common breached passwords (common-passwords.ts, one lookup), then an estimate of how many
 * guesses it would take (zxcvbn-ts, strength-worker.ts), which also catches what a list cannot: a
 * common word with a digit and a symbol (`Summer2024!`), letter substitutions (`passw0rd!`), repeats
 * (`aaaaaaaa`), sequences (`abcdefgh`), keyboard rows and dates. A refusal is PASSWORD_REQUIREMENTS_NOT_MET
 * whose `message` names the reason and whose `rule` (`too_common`, `too_guessable`) the rule. Projects turn both checks off with
 * `auth.password.rejectCommonPasswords: false`. Sign-in never runs them.
 */
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../common-passwords.js";
import { renderProjectConfig } from "../config/project-config.js";
import { estimateStrength, type StrengthEstimate } from "./strength-worker.js";

/**
 * The lowest zxcvbn score accepted: 3 means at least about 10^8 guesses, zxcvbn's "safely unguessable"
 * against online attacks. A few unrelated words or 12 random characters score 4.
 */
export const MIN_STRENGTH_SCORE = 3;

const ADVICE = "Try a few unrelated words, or a longer mix of letters, digits and symbols.";

/** Why a password is weak, in words, by zxcvbn's warning. */
const reasons: Record<string, string> = {
  topTen: "it is one of the most commonly used passwords",
  topHundred: "it is one of the most commonly used passwords",
  common: "it is a commonly used password",
  similarToCommon: "it is a common password or word with only small changes (capitals, digits, symbols or look-alike letters)",
  wordByItself: "it is a single common word",
  namesByThemselves: "it is a name, which is easy to guess",
  commonNames: "it is made of common names",
  simpleRepeat: "it repeats the same character",
  extendedRepeat: "it repeats the same group of characters",
  sequences: "it is a simple sequence of letters or digits (like abcd or 1234)",
  straightRow: "it is a row of keys on the keyboard",
  keyPattern: "it follows a short pattern on the keyboard",
  recentYears: "it relies on a recent year, which is easy to guess",
  dates: "it relies on a date, which is easy to guess",
};

/** The message of a refusal: the reason from the estimate's warning, or a general one. */
export function weakPasswordMessage(estimate: StrengthEstimate): string {
  const reason =
    (estimate.warning !== null ? reasons[estimate.warning] : undefined) ??
    (estimate.dictionaryWords ? "it is built from common words or passwords with few changes" : "it is too short and simple");
  return `This password is too easy to guess: ${reason}. ${ADVICE}`;
}

/** Throws PASSWORD_REQUIREMENTS_NOT_MET for a common or easily guessed password, unless the project turned the checks off. */
export async function assertPasswordStrength(project: ProjectRow, password: string): Promise<void> {
  if (renderProjectConfig(project).auth.password.rejectCommonPasswords === false) return;
  if (isCommonPassword(password)) throw knownError("PASSWORD_REQUIREMENTS_NOT_MET", { message: COMMON_PASSWORD_MESSAGE, rule: "too_common" });
  const estimate = await estimateStrength(password);
  if (estimate.score < MIN_STRENGTH_SCORE) throw knownError("PASSWORD_REQUIREMENTS_NOT_MET", { message: weakPasswordMessage(estimate), rule: "too_guessable" });
}
