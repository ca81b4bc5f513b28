/**
 * Password hashing: argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane), computed on
 * low-priority worker threads (password-workers.ts) so the event loop stays free. Imported hashes
 * (bcrypt, argon2 at other parameters, Django, Better Auth, Firebase: passwords/foreign-hashes.ts) are
 * accepted and replaced by argon2id at the next successful sign-in.
 */
import { availableParallelism } from "node:os";
import { knownError } from "../../contract/known-error.js";
import { hashOnWorker, verifyOnWorker } from "./password-workers.js";
import { isForeignHash, verifyForeignHash } from "./passwords/foreign-hashes.js";
import { TooManyRequestsError } from "./rate-limits.js";
import { WorkLimiter } from "./work-limiter.js";

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, so not importable at run time)
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** How our own hashes begin; an argon2 hash that begins otherwise was imported and is replaced. */
const CURRENT_ARGON2 = "$argon2id$v=19$m=19456,t=2,p=1$";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

/** Throws PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG. */
export function assertPasswordPolicy(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw knownError("PASSWORD_TOO_SHORT", { min_length: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) throw knownError("PASSWORD_TOO_LONG", { maxLength: PASSWORD_MAX_LENGTH });
}

/**
 * Password hashing is the one expensive thing the server does: a sign-in storm queues here (one hash
 * per core at a time by default, see config.ts) rather than taking every core from the requests that
 * are cheap.
 */
const hashing = new WorkLimiter(availableParallelism(), 256, () => new TooManyRequestsError(1));

export function configurePasswordHashing(concurrency: number, queueLimit: number): void {
  hashing.configure(concurrency, queueLimit);
}

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hashOnWorker(password, options));
}

function verifyArgon2(stored: string, password: string): Promise<boolean> {
  return hashing.run(() => verifyOnWorker(stored, password)).catch((error: unknown) => {
    if (error instanceof TooManyRequestsError) throw error;
    return false;
  });
}

/** A real hash of a random password: verifying against it costs what a real check costs. */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

export interface PasswordCheck {
  ok: boolean;
  /** A new argon2id hash to store when the stored one is of an older kind. */
  rehash?: string;
}

/**
 * Checks a password against a stored hash, or against a decoy when there is none, so that unknown
 * e-mails and users without passwords take as long as wrong passwords.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<PasswordCheck> {
  if (!stored) {
    await verifyArgon2(await decoyHash(), password);
    return { ok: false };
  }
  if (stored.startsWith("$argon2")) {
    const ok = await verifyArgon2(stored, password);
    return ok && !stored.startsWith(CURRENT_ARGON2) ? { ok, rehash: await hashPassword(password) } : { ok };
  }
  if (isForeignHash(stored)) {
    const ok = await hashing.run(() => verifyForeignHash(stored, password));
    return ok ? { ok, rehash: await hashPassword(password) } : { ok };
  }
  return { ok: false };
}

/** Highest bcrypt cost accepted in an imported hash (as Stack's): each step doubles the time of every check. */
const MAX_BCRYPT_COST = 16;

/** Whether a hash given by an admin (`password_hash`) is of a kind we can check. */
export function isSupportedPasswordHash(value: string): boolean {
  if (/^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(value)) return true;
  const bcryptHash = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/.exec(value);
  return bcryptHash !== null && Number(bcryptHash[1]) >= 4 && Number(bcryptHash[1]) <= MAX_BCRYPT_COST;
}
