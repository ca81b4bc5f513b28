/** TOTP (RFC 6238): 6 digits, 30-second steps, SHA-1, accepting one step of clock drift either way. */
import { HOTP, Secret } from "otpauth";

const PERIOD_MS = 30_000;

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / PERIOD_MS);
}

/** The time step a code belongs to (current ±1), or null when it matches none. */
export function matchTotp(secretBase64: string, token: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const secret = new Secret({ buffer: Uint8Array.from(Buffer.from(secretBase64, "base64")).buffer });
  const counter = totpStep(nowMs);
  const delta = HOTP.validate({ token, secret, counter, window: 1, digits: 6, algorithm: "SHA1" });
  return delta === null ? null : counter + delta;
}
