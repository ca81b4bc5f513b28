/**
 * Authenticated encryption for values the server must read back (signing keys, TOTP secrets, queued
 * e-mails): AES-256-GCM with a key derived per purpose from the server secret. Output:
 * `v1.<base64url(iv | ciphertext | tag)>`.
 * While a secret rotation rolls out (`latchkey secret rotate`), the previous secret still opens what it
 * sealed; everything new is sealed with the current one.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

export interface SecretBox {
  encrypt(plaintext: string, purpose: string): string;
  decrypt(sealed: string, purpose: string): string;
  /** HMAC-SHA256 of `data` under a key derived for `purpose` (base64url): lookups and tamper-evident chains. */
  mac(data: string, purpose: string): string;
}

/** Derives (and keeps) one key per purpose from a server secret. */
function keyDeriver(serverSecret: Buffer): (purpose: string) => Buffer {
  if (serverSecret.length < 32) throw new Error("The server secret must be at least 32 bytes");
  const keys = new Map<string, Buffer>();
  return (purpose) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", serverSecret, "latchkey-secret-box", purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
}

function open(sealed: string, key: Buffer): string {
  if (!sealed.startsWith("v1.")) throw new Error("Unknown sealed-value format");
  const raw = Buffer.from(sealed.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
}

/** A box sealing with `serverSecret`; `previousSecret` (during a rotation) only opens. */
export function createSecretBox(serverSecret: Buffer, previousSecret?: Buffer): SecretBox {
  const keyFor = keyDeriver(serverSecret);
  const previousKeyFor = previousSecret ? keyDeriver(previousSecret) : null;
  return {
    mac(data, purpose) {
      return createHmac("sha256", keyFor(`mac:${purpose}`)).update(data, "utf8").digest("base64url");
    },
    encrypt(plaintext, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
    },
    decrypt(sealed, purpose) {
      try {
        return open(sealed, keyFor(purpose));
      } catch (error) {
        if (!previousKeyFor) throw error;
        return open(sealed, previousKeyFor(purpose));
      }
    },
  };
}
