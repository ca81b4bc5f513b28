/**
 * Password hashes written by other systems, kept as imported and checked at the user's first sign-in,
 * after which passwords.ts replaces them with our argon2id. Each kind is stored in a form that names
 * itself, so that a check needs nothing but the stored string:
 *
 * - bcrypt (`$2a$`, `$2b$`, `$2y$`), as written;
 * - argon2i / argon2d / argon2id PHC strings (`$argon2…`), as written (checked by passwords.ts's argon2 path);
 * - PBKDF2-SHA256 as Django writes it (`pbkdf2_sha256$<iterations>$<salt>$<base64 key>`), as written;
 * - scrypt as Better Auth writes it (`<salt hex>:<key hex>`, N=16384 r=16 p=1, 64-byte key, the
 *   NFKC-normalised password, the salt's hex text itself as salt), stored as `$better-auth-scrypt$<salt>:<key>`;
 * - Firebase's modified scrypt (the project's signer key, salt separator, rounds and memory cost, given
 *   once at import, and the user's salt and hash), stored as
 *   `$firebase-scrypt$r=<rounds>,m=<mem cost>$<separator>$<signer key>$<salt>$<hash>` (standard base64).
 *   The signer key is kept with every such hash: it is what checking one needs.
 */
import { createCipheriv, pbkdf2, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import bcrypt from "bcryptjs";

/** The kinds an import accepts (`password_hash_algorithm`), besides our own argon2id. */
export const foreignHashAlgorithms = ["bcrypt", "argon2", "django-pbkdf2-sha256", "better-auth-scrypt", "firebase-scrypt"] as const;
export type ForeignHashAlgorithm = (typeof foreignHashAlgorithms)[number];

/** A Firebase project's password hash parameters (Authentication → Users → ⋮ → Password hash parameters). */
export interface FirebaseScryptParameters {
  /** base64 */
  signerKey: string;
  /** base64 */
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

/** Why an imported hash cannot be used, in words for the import's report (never containing the hash). */
export class ForeignHashError extends Error {
  override readonly name = "ForeignHashError";
}

// Bounds that keep one sign-in check from costing more than a few of ours.
const MAX_BCRYPT_COST = 16;
const MAX_PBKDF2_ITERATIONS = 5_000_000;
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2 = /^\$argon2(id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const DJANGO = /^pbkdf2_sha256\$(\d+)\$([^$]+)\$([A-Za-z0-9+/]+=*)$/;
const BETTER_AUTH = /^([0-9a-f]+):([0-9a-f]{128})$/;
const BETTER_AUTH_STORED = /^\$better-auth-scrypt\$([0-9a-f]+:[0-9a-f]{128})$/;
const BASE64 = "[A-Za-z0-9+/]+=*";
const FIREBASE_STORED = new RegExp(`^\\$firebase-scrypt\\$r=(\\d+),m=(\\d+)\\$(${BASE64})\\$(${BASE64})\\$(${BASE64})\\$(${BASE64})$`);

const BETTER_AUTH_SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 };

/** The kind of a stored hash, or null when it is none we know (our argon2id counts as `argon2`). */
export function storedHashAlgorithm(stored: string): ForeignHashAlgorithm | null {
  if (BCRYPT.test(stored)) return "bcrypt";
  if (ARGON2.test(stored)) return "argon2";
  if (DJANGO.test(stored)) return "django-pbkdf2-sha256";
  if (BETTER_AUTH_STORED.test(stored)) return "better-auth-scrypt";
  if (FIREBASE_STORED.test(stored)) return "firebase-scrypt";
  return null;
}

/** Whether the stored hash is one this module checks (bcrypt, Django, Better Auth, Firebase; not argon2). */
export function isForeignHash(stored: string): boolean {
  const kind = storedHashAlgorithm(stored);
  return kind !== null && kind !== "argon2";
}

export interface ImportedHash {
  hash: string;
  /** Named by the file, or recognised from the hash; Firebase's needs naming (its hash is plain base64). */
  algorithm?: string | undefined;
  /** Firebase only: the user's salt (base64). */
  salt?: string | undefined;
}

/**
 * The form to store for an imported hash: checked for shape and cost here, so that a bad hash is
 * reported at import rather than failing a sign-in later. Throws ForeignHashError.
 */
export function storedFormOf(input: ImportedHash, firebase: FirebaseScryptParameters | null): string {
  const hash = input.hash.trim();
  const algorithm = input.algorithm?.trim().toLowerCase() || guessAlgorithm(hash);
  switch (algorithm) {
    case "bcrypt": {
      const match = BCRYPT.exec(hash);
      if (!match) throw new ForeignHashError("not a bcrypt hash ($2a$, $2b$ or $2y$ with a two-digit cost and 53 characters)");
      const cost = Number(match[1]);
      if (cost < 4 || cost > MAX_BCRYPT_COST) throw new ForeignHashError(`bcrypt cost ${cost} is outside 4 to ${MAX_BCRYPT_COST}`);
      return hash;
    }
    case "argon2":
    case "argon2i":
    case "argon2id":
    case "argon2d": {
      const match = ARGON2.exec(hash);
      if (!match) throw new ForeignHashError("not an argon2 PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash)");
      if (Number(match[2]) * 1024 > MAX_SCRYPT_MEMORY || Number(match[3]) > 20 || Number(match[4]) > 16) throw new ForeignHashError("argon2 parameters are too costly to check at sign-in");
      return hash;
    }
    case "django-pbkdf2-sha256":
    case "pbkdf2_sha256":
    case "django": {
      const match = DJANGO.exec(hash);
      if (!match) throw new ForeignHashError("not a Django PBKDF2-SHA256 hash (pbkdf2_sha256$iterations$salt$hash)");
      const iterations = Number(match[1]);
      if (iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) throw new ForeignHashError(`PBKDF2 iterations ${iterations} are outside 1 to ${MAX_PBKDF2_ITERATIONS}`);
      return hash;
    }
    case "better-auth-scrypt":
    case "better-auth":
    case "scrypt": {
      const stored = BETTER_AUTH_STORED.exec(hash)?.[1] ?? hash;
      if (!BETTER_AUTH.test(stored)) throw new ForeignHashError("not a Better Auth scrypt hash (<salt hex>:<128 hex digits>)");
      return `$better-auth-scrypt$${stored}`;
    }
    case "firebase-scrypt":
    case "firebase": {
      if (FIREBASE_STORED.test(hash)) return hash;
      if (!firebase) throw new ForeignHashError("a Firebase scrypt hash needs the project's hash parameters (--firebase-signer-key, --firebase-salt-separator, --firebase-rounds, --firebase-mem-cost)");
      if (!input.salt) throw new ForeignHashError("a Firebase scrypt hash needs the user's salt (password_salt)");
      return firebaseStoredForm(firebase, input.salt, hash);
    }
    default:
      throw new ForeignHashError(
        algorithm ? `unknown password hash algorithm "${algorithm}" (known: ${foreignHashAlgorithms.join(", ")})` : "the password hash is of no kind we know; name it with password_hash_algorithm",
      );
  }
}

function guessAlgorithm(hash: string): string {
  if (hash.startsWith("$2")) return "bcrypt";
  if (hash.startsWith("$argon2")) return "argon2";
  if (hash.startsWith("pbkdf2_sha256$")) return "django-pbkdf2-sha256";
  if (hash.startsWith("$better-auth-scrypt$") || BETTER_AUTH.test(hash)) return "better-auth-scrypt";
  if (hash.startsWith("$firebase-scrypt$")) return "firebase-scrypt";
  return "";
}

/** Firebase exports use standard base64, its Admin SDK the URL-safe alphabet: both become standard. */
function standardBase64(value: string, what: string): string {
  const bytes = Buffer.from(value.trim().replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length === 0) throw new ForeignHashError(`the Firebase ${what} is not base64`);
  return bytes.toString("base64");
}

export function validateFirebaseParameters(parameters: FirebaseScryptParameters): FirebaseScryptParameters {
  const { rounds, memCost } = parameters;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 32) throw new ForeignHashError("the Firebase rounds must be a whole number from 1 to 32");
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 20) throw new ForeignHashError("the Firebase memory cost must be a whole number from 1 to 20");
  if (scryptMemory(2 ** memCost, rounds) > MAX_SCRYPT_MEMORY) throw new ForeignHashError("the Firebase scrypt parameters need too much memory to check at sign-in");
  return { rounds, memCost, signerKey: standardBase64(parameters.signerKey, "signer key"), saltSeparator: standardBase64(parameters.saltSeparator, "salt separator") };
}

function firebaseStoredForm(parameters: FirebaseScryptParameters, salt: string, hash: string): string {
  const p = validateFirebaseParameters(parameters);
  return `$firebase-scrypt$r=${p.rounds},m=${p.memCost}$${p.saltSeparator}$${p.signerKey}$${standardBase64(salt, "salt")}$${standardBase64(hash, "hash")}`;
}

/**
 * Checks a password against a foreign stored hash (see storedHashAlgorithm); false for a wrong
 * password and for a hash of no kind this module checks.
 */
export async function verifyForeignHash(stored: string, password: string): Promise<boolean> {
  try {
    switch (storedHashAlgorithm(stored)) {
      case "bcrypt":
        return await bcrypt.compare(password, stored);
      case "django-pbkdf2-sha256":
        return await verifyDjango(stored, password);
      case "better-auth-scrypt":
        return await verifyBetterAuth(stored, password);
      case "firebase-scrypt":
        return await verifyFirebase(stored, password);
      case "argon2":
      case null:
        return false;
    }
  } catch {
    return false;
  }
}

function equalBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

async function verifyDjango(stored: string, password: string): Promise<boolean> {
  const [, iterations, salt, key] = DJANGO.exec(stored)!;
  const expected = Buffer.from(key!, "base64");
  const derived = await new Promise<Buffer>((resolve, reject) =>
    pbkdf2(password, salt!, Number(iterations), expected.length, "sha256", (error, result) => (error ? reject(error) : resolve(result))),
  );
  return equalBytes(derived, expected);
}

function scryptMemory(N: number, r: number): number {
  return 128 * N * r + 1024 * 1024;
}

function scryptAsync(password: string | Buffer, salt: string | Buffer, keyLength: number, options: ScryptOptions & { N: number; r: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { ...options, maxmem: scryptMemory(options.N, options.r) }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

async function verifyBetterAuth(stored: string, password: string): Promise<boolean> {
  const [salt, key] = BETTER_AUTH_STORED.exec(stored)![1]!.split(":");
  const { N, r, p, keyLength } = BETTER_AUTH_SCRYPT;
  // Better Auth feeds the salt's hex text (not its bytes) to scrypt, and the password in NFKC.
  const derived = await scryptAsync(password.normalize("NFKC"), salt!, keyLength, { N, r, p });
  return equalBytes(derived, Buffer.from(key!, "hex"));
}

async function verifyFirebase(stored: string, password: string): Promise<boolean> {
  const [, rounds, memCost, separator, signerKey, salt, hash] = FIREBASE_STORED.exec(stored)!;
  const N = 2 ** Number(memCost);
  const r = Number(rounds);
  const derived = await scryptAsync(password, Buffer.concat([Buffer.from(salt!, "base64"), Buffer.from(separator!, "base64")]), 64, { N, r, p: 1 });
  // Firebase's twist: the derived key encrypts the project's signer key (AES-256-CTR, zero IV), and
  // that ciphertext is the stored hash.
  const cipher = createCipheriv("aes-256-ctr", derived.subarray(0, 32), Buffer.alloc(16, 0));
  const result = Buffer.concat([cipher.update(Buffer.from(signerKey!, "base64")), cipher.final()]);
  return equalBytes(result, Buffer.from(hash!, "base64"));
}
