/**
 * The least work an imported password hash must cost a guesser, so that a migration does not leave
 * hashes in the database that are quick to crack (an argon2id hash at m=1, t=1 costs next to nothing
 * per guess). The floors are OWASP's Password Storage Cheat Sheet's:
 *
 * - argon2 (i, d, id): one of OWASP's five equal-strength settings at least (47104 KiB × 1 pass,
 *   19456 × 2 — ours, passwords.ts —, 12288 × 3, 9216 × 4, 7168 × 5), one lane or more;
 * - bcrypt: cost 10 or more;
 * - PBKDF2-HMAC-SHA256 (Django's): 600,000 iterations or more.
 *
 * Better Auth's scrypt has fixed parameters (N=16384, r=16: 32 MiB a guess) and Firebase's are the
 * Firebase project's: neither is judged here. A hash below its floor is still one we can check; it is
 * replaced by our argon2id at the user's first sign-in.
 */
import { storedHashAlgorithm } from "./foreign-hashes.js";

/** [memory in KiB, passes]: OWASP's argon2 settings of equal strength. */
const ARGON2_FLOORS: readonly (readonly [number, number])[] = [
  [47_104, 1],
  [19_456, 2],
  [12_288, 3],
  [9_216, 4],
  [7_168, 5],
];
export const MIN_BCRYPT_COST = 10;
export const MIN_PBKDF2_SHA256_ITERATIONS = 600_000;

const ARGON2 = /^\$argon2(?:id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/;
const BCRYPT = /^\$2[aby]\$(\d{2})\$/;
const DJANGO = /^pbkdf2_sha256\$(\d+)\$/;

/**
 * Why a stored hash (in the form foreign-hashes.ts's storedFormOf gives) costs less than the floor
 * of its kind, in words without the hash itself; null when it does not.
 */
export function weakHashReason(stored: string): string | null {
  switch (storedHashAlgorithm(stored)) {
    case "argon2": {
      const [, m, t, p] = ARGON2.exec(stored)!.map(Number);
      if (p! >= 1 && ARGON2_FLOORS.some(([memory, passes]) => m! >= memory && t! >= passes)) return null;
      return `argon2 parameters m=${m},t=${t},p=${p} are below the minimum (m=19456,t=2,p=1 or an OWASP equivalent such as m=47104,t=1 or m=7168,t=5)`;
    }
    case "bcrypt": {
      const cost = Number(BCRYPT.exec(stored)![1]);
      return cost >= MIN_BCRYPT_COST ? null : `bcrypt cost ${cost} is below the minimum of ${MIN_BCRYPT_COST}`;
    }
    case "django-pbkdf2-sha256": {
      const iterations = Number(DJANGO.exec(stored)![1]);
      return iterations >= MIN_PBKDF2_SHA256_ITERATIONS ? null : `PBKDF2 iterations ${iterations} are below the minimum of ${MIN_PBKDF2_SHA256_ITERATIONS}`;
    }
    case "better-auth-scrypt":
    case "firebase-scrypt":
    case null:
      return null;
  }
}
