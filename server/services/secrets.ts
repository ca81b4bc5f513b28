import { hash, randomBytes, timingSafeEqual } from "node:crypto";

/** Lowercase Crockford base-32: digits and letters without i, l, o, u. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A random string carrying `bits` bits of entropy (default 224), in lowercase Crockford base-32. */
export function randomCode(bits = 224): string {
  const length = Math.ceil(bits / 5);
  const bytes = randomBytes(Math.ceil((length * 5) / 8));
  let out = "";
  let buffer = 0;
  let buffered = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    buffered += 8;
    while (buffered >= 5 && out.length < length) {
      buffered -= 5;
      out += ALPHABET[(buffer >> buffered) & 31];
    }
    buffer &= (1 << buffered) - 1;
  }
  return out;
}

/**
 * The stored form of a high-entropy secret (API keys, refresh tokens, codes): SHA-256, hex. These
 * secrets carry 224 bits, so a fast hash is enough; passwords use argon2id instead.
 */
export function hashSecret(secret: string): string {
  // One-shot crypto.hash: a quarter of createHash's cost, and keys are hashed on every request.
  return hash("sha256", secret, "hex");
}

export function lastFour(secret: string): string {
  return secret.slice(-4);
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}
