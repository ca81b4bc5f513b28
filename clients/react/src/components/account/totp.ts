/**
 * TOTP enrolment in the browser (RFC 6238 with HMAC-SHA1, 30-second steps, six digits, as the server
 * checks): a random secret, its base-32 form and otpauth:// address for the QR code, and a check of the
 * first code the user types, so a mistyped setup never turns MFA on.
 */

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** 20 random bytes (160 bits, RFC 4226's recommended length). */
export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The address authenticator apps read from the QR code. */
export function otpauthUri(secret: Uint8Array, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32(secret), issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The six-digit code of `secret` for the 30-second step containing `atMillis`. */
export async function totpCode(secret: Uint8Array, atMillis: number): Promise<string> {
  const counter = Math.floor(atMillis / 1000 / 30);
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** Whether `code` matches the current step or a neighbour (a little slack for clocks and slow typing). */
export async function checkTotpCode(secret: Uint8Array, code: string, nowMillis = Date.now()): Promise<boolean> {
  const typed = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(typed)) return false;
  for (const drift of [0, -1, 1]) {
    if ((await totpCode(secret, nowMillis + drift * 30_000)) === typed) return true;
  }
  return false;
}
