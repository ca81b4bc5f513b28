/**
 * Per-project ES256 key pairs, created on first use and kept in the database (private key encrypted).
 * Keys are cached in memory once read; they never change after creation.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import type { signingKeyQueries } from "../../db/queries/signing-keys.js";
import type { SecretBox } from "../secret-box.js";

const PURPOSE = "signing-key";

export interface SigningKey {
  kid: string;
  projectId: string;
  privateKey: KeyObject;
}

export interface VerificationKey {
  kid: string;
  projectId: string;
  publicKey: KeyObject;
}

export interface SigningKeys {
  /** The key new tokens of this project are signed with (created if the project has none). */
  current(projectId: string): Promise<SigningKey>;
  /** The public key with this id, or null. */
  byKid(kid: string): Promise<VerificationKey | null>;
  /** The project's public keys as a JWKS. */
  jwks(projectId: string): Promise<{ keys: Record<string, string>[] }>;
}

export function createSigningKeys(queries: ReturnType<typeof signingKeyQueries>, secrets: SecretBox, now: () => Date): SigningKeys {
  const current = new Map<string, Promise<SigningKey>>();
  const verification = new Map<string, VerificationKey | null>();

  async function loadOrCreate(projectId: string): Promise<SigningKey> {
    const existing = await queries.newestForProject(projectId);
    if (existing) {
      return { kid: existing.id, projectId, privateKey: createPrivateKey(secrets.decrypt(existing.privateKey, PURPOSE)) };
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const kid = randomBytes(9).toString("base64url");
    const publicJwk = { ...(publicKey.export({ format: "jwk" }) as Record<string, string>), kid, alg: "ES256", use: "sig" };
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    await queries.insert({ id: kid, projectId, publicJwk, privateKey: secrets.encrypt(pem, PURPOSE), createdAt: now() });
    // Two processes may create a key at once; the newest row wins for signing and both verify.
    const newest = await queries.newestForProject(projectId);
    return newest && newest.id !== kid
      ? { kid: newest.id, projectId, privateKey: createPrivateKey(secrets.decrypt(newest.privateKey, PURPOSE)) }
      : { kid, projectId, privateKey };
  }

  return {
    current(projectId) {
      let key = current.get(projectId);
      if (!key) {
        key = loadOrCreate(projectId);
        current.set(projectId, key);
        key.catch(() => current.delete(projectId));
      }
      return key;
    },
    async byKid(kid) {
      if (verification.has(kid)) return verification.get(kid)!;
      const row = await queries.byId(kid);
      const key = row ? { kid, projectId: row.projectId, publicKey: createPublicKey({ key: row.publicJwk, format: "jwk" }) } : null;
      if (key) verification.set(kid, key);
      return key;
    },
    async jwks(projectId) {
      const rows = await queries.allForProject(projectId);
      return { keys: rows.map((r) => r.publicJwk) };
    },
  };
}
