/**
 * Apple's client secret is not a fixed string but a short-lived ES256 JWT signed with the developer's
 * key. A project may configure the Apple provider's client secret either as such a JWT (made
 * elsewhere, used as given) or as a JSON object with what it takes to make one:
 * `{"teamId": "...", "keyId": "...", "privateKey": "-----BEGIN PRIVATE KEY-----..."}`; each provider
 * call then gets a freshly signed secret.
 */
import { importPKCS8, SignJWT } from "jose";

const APPLE_AUDIENCE = "https://appleid.apple.com";
/** Each made secret is valid this long (Apple allows up to six months; calls need seconds). */
const SECRET_TTL_SECONDS = 5 * 60;

interface AppleKey {
  teamId: string;
  keyId: string;
  privateKey: string;
}

/** The key parts of a configured secret, or null when the secret is a ready-made JWT. */
export function appleKeyOf(secret: string): AppleKey | null {
  if (!secret.trimStart().startsWith("{")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    return null;
  }
  const { teamId, keyId, privateKey } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof teamId !== "string" || typeof keyId !== "string" || typeof privateKey !== "string") return null;
  return { teamId, keyId, privateKey };
}

/** The client secret to send Apple now: the configured JWT, or one signed from the configured key. */
export async function appleClientSecret(secret: string, clientId: string, now: Date): Promise<string> {
  const key = appleKeyOf(secret);
  if (!key) return secret;
  const signingKey = await importPKCS8(key.privateKey.replace(/\\n/g, "\n"), "ES256");
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SECRET_TTL_SECONDS)
    .sign(signingKey);
}
