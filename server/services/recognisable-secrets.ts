/**
 * Secrets that say what they are: a prefix secret scanners can key on and a trailing CRC-32 that lets
 * the server turn away a mistyped or truncated value before any database lookup.
 *
 * - User and team API keys use the reference layout (reference/wire/api-keys.md §1.2):
 *   `pk|sk` `_` 45 random base-32 characters, the key id as 32 hex digits, `user|team`, one scanner
 *   character, the marker `574ck4u7h`, and the CRC-32 (8 hex digits) of everything before it.
 * - Project keys (`pck_`, `ssk_`, `sak_`) and refresh tokens (`lkrt_`) are prefix, 45 random base-32
 *   characters and the CRC-32 of the prefix and random part.
 *
 * Values made before these formats (and hosted-pages keys, which are derived, not random) keep working:
 * only a value that has a checksummed shape and a wrong checksum is refused without a lookup.
 */
import { crc32 } from "node:zlib";
import { randomCode } from "./secrets.js";

/** The marker Stack's keys carry so that scanners can find them. */
export const API_KEY_MARKER = "574ck4u7h";
/** Prefix of refresh tokens. */
export const REFRESH_TOKEN_PREFIX = "lkrt_";

/** The 8-hex CRC-32 of `text`. */
export function checksumOf(text: string): string {
  return crc32(text).toString(16).padStart(8, "0");
}

function checksumMatches(value: string): boolean {
  return checksumOf(value.slice(0, -8)) === value.slice(-8);
}

/** `body` followed by its checksum. */
export function withChecksum(body: string): string {
  return body + checksumOf(body);
}

/**
 * The scanner character: bit 0 set for a self-hosted server (always, here), bit 1 for a public key;
 * written as a lowercase Crockford base-32 digit.
 */
function scannerCharacter(isPublic: boolean): string {
  return "0123456789abcdefghjkmnpqrstvwxyz"[1 + (isPublic ? 2 : 0)]!;
}

/** A fresh user or team API key in the reference layout, carrying the key's id. */
export function newApiKeyValue(input: { id: string; kind: "user" | "team"; isPublic: boolean }): string {
  const idHex = input.id.replaceAll("-", "").toLowerCase();
  return withChecksum(`${input.isPublic ? "pk" : "sk"}_${randomCode()}${idHex}${input.kind}${scannerCharacter(input.isPublic)}${API_KEY_MARKER}`);
}

const API_KEY_SHAPE = /^(pk|sk)_[0-9a-z]{45}[0-9a-f]{32}(user|team)[0-9a-z]574ck4u7h[0-9a-f]{8}$/;
/** Keys made before the reference layout: prefix and 45 base-32 characters. */
const LEGACY_API_KEY_SHAPE = /^(pk|sk)_[0-9a-z]{45}$/;

/**
 * Whether a presented user/team API key could be one of ours: the reference layout with a matching
 * checksum, or the older layout. Anything else cannot match a stored key.
 */
export function couldBeApiKey(value: string): boolean {
  if (API_KEY_SHAPE.test(value)) return checksumMatches(value);
  return LEGACY_API_KEY_SHAPE.test(value);
}

/** A fresh project key or refresh token: prefix, 224 random bits, checksum. */
export function newPrefixedSecret(prefix: string): string {
  return withChecksum(prefix + randomCode());
}

const PREFIXED_SHAPE = /^(pck_|ssk_|sak_|lkrt_)[0-9a-z]{45}[0-9a-f]{8}$/;

/**
 * Whether a presented project key or refresh token is worth a lookup: false only when it has the
 * checksummed shape and the checksum is wrong. Older values and keys in other shapes (seeded or
 * derived keys) are looked up as before.
 */
export function prefixedSecretWorthLookup(value: string): boolean {
  return !PREFIXED_SHAPE.test(value) || checksumMatches(value);
}
