/**
 * Compact ES256 JSON Web Tokens with node:crypto (RFC 7515/7519). Signing and verifying run on libuv's
 * thread pool (node:crypto's callback forms): an ES256 signature costs ~25 µs and a verification ~100 µs
 * of CPU, which would otherwise hold the event loop that serves every other request. Queueing the job
 * costs the event loop ~7 µs (measured with a per-thread CPU clock).
 */
import { sign, verify, type KeyObject } from "node:crypto";

export interface JwtHeader {
  alg: string;
  kid?: string;
  typ?: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Encoded headers by key id: the same few keys sign every token. */
const encodedHeaders = new Map<string, string>();
const MAX_ENCODED_HEADERS = 64;

function encodedHeaderOf(kid: string): string {
  let header = encodedHeaders.get(kid);
  if (header === undefined) {
    if (encodedHeaders.size >= MAX_ENCODED_HEADERS) encodedHeaders.clear();
    encodedHeaders.set(kid, (header = encode({ alg: "ES256", kid, typ: "JWT" })));
  }
  return header;
}

export function signJwt(payload: Record<string, unknown>, kid: string, privateKey: KeyObject): Promise<string> {
  const signingInput = `${encodedHeaderOf(kid)}.${encode(payload)}`;
  return new Promise((resolve, reject) => {
    sign("sha256", Buffer.from(signingInput), { key: privateKey, dsaEncoding: "ieee-p1363" }, (error, signature) => {
      if (error) reject(error);
      else resolve(`${signingInput}.${signature.toString("base64url")}`);
    });
  });
}

export interface DecodedJwt {
  header: JwtHeader;
  payload: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

/** Splits and decodes a token without checking its signature; null when it is not a well-formed JWS. */
export function decodeJwt(token: string): DecodedJwt | null {
  if (token.length > 8192) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  try {
    const header: unknown = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
    const payload: unknown = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
    if (!isObject(header) || !isObject(payload) || typeof header.alg !== "string") return null;
    return { header: header as unknown as JwtHeader, payload, signingInput: `${headerPart}.${payloadPart}`, signature: Buffer.from(signaturePart, "base64url") };
  } catch {
    return null;
  }
}

export function verifyEs256(decoded: DecodedJwt, publicKey: KeyObject): Promise<boolean> {
  if (decoded.header.alg !== "ES256" || decoded.signature.length !== 64) return Promise.resolve(false);
  return new Promise((resolve) => {
    // An error here means a malformed signature, which is a failed verification like any other.
    verify("sha256", Buffer.from(decoded.signingInput), { key: publicKey, dsaEncoding: "ieee-p1363" }, decoded.signature, (error, valid) => resolve(!error && valid));
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
