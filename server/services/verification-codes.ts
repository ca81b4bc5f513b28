/**
 * Verification codes: single-use codes sent to people (e-mail verification, password reset, magic link
 * and OTP sign-in, team invitations, MFA attempts, CLI logins).
 *
 * A code is 45 lowercase Crockford base-32 characters. Its first 6 characters, uppercased, are the OTP
 * shown in an e-mail; the other 39 are the nonce handed to whoever asked for the e-mail, who signs in
 * by sending `otp + nonce`. Only SHA-256 hashes of the code and of the nonce are stored.
 *
 * Attempts are counted per nonce (every code sharing the submission's last 39 characters), and counted
 * before the submission is compared, in one statement: of a burst of concurrent guesses, at most N are
 * ever compared. With `maxAttempts = N`, the first N wrong submissions answer VERIFICATION_CODE_NOT_FOUND;
 * every later submission against that nonce, wrong or right, answers VERIFICATION_CODE_MAX_ATTEMPTS_REACHED
 * (or EXPIRED / ALREADY_USED for a code that is worthless anyway). A correct submission gives its attempt
 * back, whether it consumes the code or only checks it, so checking a code any number of times cannot
 * lock it, and concurrent uses of the right code get ALREADY_USED.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { VerificationCodeRow } from "../db/queries/verification-codes.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { hashSecret, randomCode } from "./secrets.js";

/** Bits of entropy in a code: 224 bits make 45 base-32 characters. */
const CODE_BITS = 224;
export const OTP_LENGTH = 6;
export const NONCE_LENGTH = 39;
/** Wrong submissions a nonce tolerates unless the caller says otherwise (OTP sign-in uses 5). */
export const DEFAULT_MAX_ATTEMPTS = 20;

export type VerificationCodeData = Record<string, unknown>;

export interface NewVerificationCode {
  projectId: string;
  /** What the code is for, e.g. `"password-reset"`; a code is only found under its own purpose. */
  purpose: string;
  /** The user the code acts for; the code is deleted with the user. */
  userId?: string | null;
  /** The team the code is about (invitations); the code is deleted with the team. */
  teamId?: string | null;
  /** Stored as given and returned by `useVerificationCode`; never put secrets in clear here. */
  data: VerificationCodeData;
  ttlMs: number;
  /** Executor to insert with, e.g. the transaction that also creates the user. */
  db?: Db;
}

export interface CreatedVerificationCode {
  id: string;
  /** The full code, for links: 45 lowercase characters. */
  code: string;
  /** The first 6 characters, uppercased, for people to type. */
  otp: string;
  /** The last 39 characters, for the requester to send back with the OTP. */
  nonce: string;
  expiresAt: Date;
}

export interface UseVerificationCode {
  projectId: string;
  purpose: string;
  /** As submitted; compared case-insensitively. */
  code: string;
  /** Wrong submissions tolerated per nonce before it locks (default 20). */
  maxAttempts?: number;
  /** `false` only checks the code (check-code and details endpoints); default `true` marks it used. */
  consume?: boolean;
  /** Executor for every statement of this call; see `useVerificationCode` about transactions. */
  db?: Db;
}

export type UsedVerificationCode<D extends VerificationCodeData = VerificationCodeData> = Omit<VerificationCodeRow, "data"> & { data: D };


/** Creates a code and stores its hashes; the code itself is returned once and never stored. */
export async function createVerificationCode(deps: AppDeps, input: NewVerificationCode): Promise<CreatedVerificationCode> {
  const code = randomCode(CODE_BITS);
  const nonce = nonceOf(code);
  const now = deps.clock.now();
  const row = await deps.queries.verificationCodes.insert(
    {
      id: randomUUID(),
      projectId: input.projectId,
      purpose: input.purpose,
      codeHash: hashSecret(code),
      nonceHash: hashSecret(nonce),
      userId: input.userId ?? null,
      teamId: input.teamId ?? null,
      data: input.data,
      attempts: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlMs),
      usedAt: null,
    },
    input.db,
  );
  return { id: row.id, code, otp: code.slice(0, OTP_LENGTH).toUpperCase(), nonce, expiresAt: row.expiresAt };
}

/**
 * Checks a submitted code and, unless `consume: false`, marks it used; returns the stored row.
 * Errors, in this order: VERIFICATION_CODE_NOT_FOUND (or MAX_ATTEMPTS_REACHED once its nonce is locked),
 * VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_ALREADY_USED, VERIFICATION_CODE_MAX_ATTEMPTS_REACHED.
 * Of concurrent uses of one code exactly one succeeds; the others get ALREADY_USED.
 *
 * Inside a transaction, an attempt recorded by a failed submission is rolled back with it. So check the
 * code outside any transaction first, then consume it in the transaction that acts on it, where only a
 * race can still fail:
 *
 * @example
 * await useVerificationCode(deps, { projectId, purpose: "password-reset", code, consume: false });
 * await deps.store.transaction(async (tx) => {
 *   const row = await useVerificationCode<{ userId: string }>(deps, { projectId, purpose: "password-reset", code, db: tx });
 *   await setPassword(tx, row.data.userId, password);
 * });
 */
export async function useVerificationCode<D extends VerificationCodeData = VerificationCodeData>(
  deps: AppDeps,
  input: UseVerificationCode,
): Promise<UsedVerificationCode<D>> {
  const { projectId, purpose, maxAttempts = DEFAULT_MAX_ATTEMPTS, consume = true } = input;
  const db = input.db ?? deps.store.db;
  const queries = deps.queries.verificationCodes;
  const code = input.code.toLowerCase();

  const nonceHash = hashSecret(nonceOf(code));
  // The attempt is counted before the comparison (atomically), so concurrent guesses cannot all be compared.
  const attempts = await queries.addAttemptsByNonce(projectId, purpose, nonceHash, 1, db);
  const found = await queries.findByCodeHash(projectId, purpose, hashSecret(code), db);
  if (!found) throw knownError(attempts > maxAttempts ? "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED" : "VERIFICATION_CODE_NOT_FOUND");
  const now = deps.clock.now();
  if (found.expiresAt.getTime() <= now.getTime()) throw knownError("VERIFICATION_CODE_EXPIRED");
  if (found.usedAt) throw knownError("VERIFICATION_CODE_ALREADY_USED");
  if (attempts > maxAttempts) throw knownError("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  // Right: the attempt is given back, so correct checks never lock the code.
  await queries.addAttemptsByNonce(projectId, purpose, nonceHash, -1, db);
  const row = { ...found, attempts: found.attempts - 1 };
  if (!consume) return row as UsedVerificationCode<D>;
  if (!(await queries.consume(row.id, now, db))) throw knownError("VERIFICATION_CODE_ALREADY_USED");
  return { ...row, usedAt: now } as UsedVerificationCode<D>;
}

/** The part of a code that identifies the e-mail it was sent in: its last 39 characters. */
function nonceOf(code: string): string {
  return code.slice(-NONCE_LENGTH);
}
