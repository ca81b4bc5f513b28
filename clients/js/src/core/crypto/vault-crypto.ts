/**
 * Client-side encryption of data vault values (SPEC section 9; wire reference misc.md section 1). The server
 * sees only a hash of the key and an opaque ciphertext. The construction is fixed by what Stack's SDK writes,
 * so values written by either SDK are read by the other:
 *
 * - a derived key: PBKDF2-SHA-256, 100 000 iterations, 256 bits, of the key, salted with a JSON label
 *   naming the purpose and carrying the secret (base64);
 * - the hashed key sent to the server: one more PBKDF2 round of the derived key under another purpose;
 * - the value: AES-256-GCM under a key drawn with HKDF-SHA-256 from the derived key and a random 16-byte
 *   salt, a random 12-byte IV, framed as `0x01 0x00 | salt | iv | ciphertext+tag`, base64.
 */

import { fromBase64, toBase64, type Bytes } from "./base64.js";

const keyHashPurpose = "stack-data-vault-client-side-encryption-key-hash";
const derivedKeyPurpose = "stack-data-vault-client-side-encryption-value-encryption-key-hash";
const valuePurpose = "stack-data-vault-client-side-encryption-value-encryption-value-encryption";

/** PBKDF2 rounds for the derived key (SPEC section 9). */
export const vaultKeyIterations = 100_000;
const version = [1, 0] as const;
const saltBytes = 16;
const ivBytes = 12;

const utf8 = (text: string): Bytes => new Uint8Array(new TextEncoder().encode(text));
const bytesOf = (value: string | Bytes): Bytes => (typeof value === "string" ? utf8(value) : value);

/** PBKDF2-SHA-256 of `value` (256 bits), salted with the labelled purpose and extra input. */
async function labelledPbkdf2(purpose: string, value: string | Bytes, extra: string, iterations: number): Promise<Bytes> {
  const material = await crypto.subtle.importKey("raw", bytesOf(value), "PBKDF2", false, ["deriveBits"]);
  // The label: [helper name, purpose, base64 of the (empty) salt, base64 of the extra input].
  const salt = utf8(JSON.stringify(["stack-crypto-helper-iterated-hash", purpose, "", toBase64(utf8(extra))]));
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", salt: salt, iterations, hash: "SHA-256" }, material, 256));
}

/** The AES-GCM key for one ciphertext: HKDF-SHA-256 of the binary secret with the ciphertext's salt. */
async function valueKey(secret: Bytes, salt: Bytes): ReturnType<typeof crypto.subtle.deriveKey> {
  const material = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const info = utf8(JSON.stringify(["stack-crypto-helper-derived-symmetric-key", valuePurpose, "binary-key", toBase64(salt)]));
  return crypto.subtle.deriveKey({ name: "HKDF", salt: salt, hash: "SHA-256", info: info }, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

const derivedKey = (secret: string, key: string) => labelledPbkdf2(derivedKeyPurpose, key, secret, vaultKeyIterations);

/** The `hashed_key` the server stores a value under (base64). */
export async function hashVaultKey(secret: string, key: string): Promise<string> {
  return toBase64(await labelledPbkdf2(keyHashPurpose, await derivedKey(secret, key), secret, 1));
}

/** The `encrypted_value` for `value` (base64). */
export async function encryptVaultValue(secret: string, key: string, value: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
  const aesKey = await valueKey(await derivedKey(secret, key), salt);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: iv }, aesKey, utf8(value)));
  const framed = new Uint8Array(2 + saltBytes + ivBytes + cipher.length);
  framed.set(version, 0);
  framed.set(salt, 2);
  framed.set(iv, 2 + saltBytes);
  framed.set(cipher, 2 + saltBytes + ivBytes);
  return toBase64(framed);
}

/** The value of an `encrypted_value`; throws when the secret is wrong or the ciphertext is not ours. */
export async function decryptVaultValue(secret: string, key: string, encryptedValue: string): Promise<string> {
  const framed = fromBase64(encryptedValue);
  if (framed[0] !== version[0] || framed[1] !== version[1]) throw new Error("Data vault value has an unknown ciphertext version (expected 0x0100)");
  const salt = framed.slice(2, 2 + saltBytes);
  const iv = framed.slice(2 + saltBytes, 2 + saltBytes + ivBytes);
  const cipher = framed.slice(2 + saltBytes + ivBytes);
  const aesKey = await valueKey(await derivedKey(secret, key), salt);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: iv }, aesKey, cipher);
  } catch (cause) {
    throw new Error("Data vault client-side decryption failed. Are you sure you're using the correct secret?", { cause });
  }
  return new TextDecoder().decode(plain);
}
