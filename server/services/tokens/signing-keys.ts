/**
 * Per-project ES256 key pairs, created on first use and kept in the database (private key encrypted).
 * A project has two key sets, as Stack's backend publishes them: one for regular users' tokens and one
 * for anonymous users' tokens, so a verifier can tell them apart by `kid`. Each set holds a signing key
 * and a published standby key. A rotation (rotate-signing-keys.ts) makes the standby key sign, adds a
 * new standby key and retires the signing key, which stays published until every token it signed has
 * expired; a verifier therefore never meets an unknown `kid`.
 *
 * The set and role are kept beside the public JWK in the stored JSON (`set`, `role`) and never
 * published; keys stored before sets existed are regular signing keys. A retired key has `retiredAt`.
 *
 * Each process keeps a project's signing keys in memory while the project's `signingKeysVersion` (on the
 * project row every request already reads, through its short-lived cache) is unchanged: a rotation
 * changes it, so other processes switch within that cache's lifetime, with no query of their own.
 */
import { createECDH, createPrivateKey, createPublicKey, randomBytes, type ECDH, type KeyObject } from "node:crypto";
import type { signingKeyQueries } from "../../db/queries/signing-keys.js";
import type { Db } from "../../db/store.js";
import type { SecretBox } from "../secret-box.js";

export const SIGNING_KEY_PURPOSE = "signing-key";

export type KeySetName = "regular" | "anonymous";
const keySetNames: readonly KeySetName[] = ["regular", "anonymous"];

export interface SigningKey {
  kid: string;
  projectId: string;
  privateKey: KeyObject;
}

export interface VerificationKey {
  kid: string;
  projectId: string;
  publicKey: KeyObject;
  /**
   * For a retired key: when it leaves the JWKS. No token it signed honestly expires later (it stopped
   * signing at retirement), so a token of this key claiming to is refused. Null while the key is live.
   */
  acceptedUntil: Date | null;
}

/** One published key: exactly the fields Stack's JWKS carries. */
export interface PublicJwk {
  alg: "ES256";
  crv: string;
  kid: string;
  kty: string;
  x: string;
  y: string;
}

/** A published key and what it is for. */
export interface PublishedKeyState {
  kid: string;
  set: KeySetName;
  status: "signing" | "standby" | "retired";
  createdAt: Date;
  retiredAt: Date | null;
  /** When a retired key leaves the JWKS; null while it is not retired. */
  publishedUntil: Date | null;
}

/** What a rotation did to one key set. */
export interface SetRotation {
  set: KeySetName;
  retiredKids: string[];
  signingKid: string;
  standbyKid: string;
}

export interface SigningKeys {
  /**
   * The key new tokens of this project and set are signed with (both sets are created if missing).
   * Inside a unit of work (a transaction or an insert batch), pass its `db`: keys are then never read
   * on another connection (with every pooled connection in a transaction, that read would wait
   * forever). The keys this process holds are used, even when a rotation has just made them stale
   * (a retired key stays published beyond its last tokens' lifetime); a process holding none reads
   * them through `db`, for this call only. Requests load them before any unit of work (http/auth.ts),
   * so that is rare, and an insert batch, which cannot read, relies on it.
   */
  current(projectId: string, set?: KeySetName, db?: Db): Promise<SigningKey>;
  /** The public key with this id, or null. */
  byKid(kid: string): Promise<VerificationKey | null>;
  /** The project's public keys as a JWKS: the regular set, then the anonymous set when asked for; signing keys first. */
  jwks(projectId: string, options?: { includeAnonymous?: boolean }): Promise<{ keys: PublicJwk[] }>;
  /** Every published key of both sets, with its state (keys a set lacks are created). */
  published(projectId: string): Promise<PublishedKeyState[]>;
  /**
   * Rotates both sets inside `tx`. The caller changes the project's `signingKeysVersion` in the same
   * transaction (first, so that concurrent rotations of one project wait for each other).
   */
  rotate(projectId: string, tx: Db): Promise<SetRotation[]>;
  /** Drops this process's keys of the project (after a rotation committed), so the next use reads them again. */
  forget(projectId: string): void;
}

export interface SigningKeysOptions {
  now: () => Date;
  /**
   * How long a retired key stays published: the access-token lifetime, plus the time other processes
   * may still sign with it before they see the rotation.
   */
  retiredKeyPublishedMs: number;
  /**
   * The project's `signingKeysVersion` as this process's cached project row holds it, without a query;
   * undefined when the row is not cached (then the keys in memory are used as they are: every request
   * that mints tokens has read its project, and with it the version, when it began).
   */
  cachedVersionOf(projectId: string): string | undefined;
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof signingKeyQueries>["allForProject"]>>[number];

const setOf = (row: KeyRow): KeySetName => (row.publicJwk.set === "anonymous" ? "anonymous" : "regular");
const isStandby = (row: KeyRow) => row.publicJwk.role === "standby";
const statusOf = (row: KeyRow): PublishedKeyState["status"] => (row.retiredAt ? "retired" : isStandby(row) ? "standby" : "signing");
const statusRank = { signing: 0, standby: 1, retired: 2 } as const;

/** Signing keys, then standby keys, then retired ones; older before newer (ties by id, so every process agrees). */
function ordered(rows: KeyRow[]): KeyRow[] {
  return [...rows].sort((a, b) =>
    statusRank[statusOf(a)] - statusRank[statusOf(b)] || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * A new P-256 key pair: the public key as JWK members, the private key as PKCS #8 PEM. Made with ECDH
 * rather than generateKeyPair(Sync): on Node 20 a KeyObject from generateKeyPair shares its lock with
 * the key-generation job, and `export({ format: "jwk" })` holds that lock while allocating, so a garbage
 * collection that frees the job right then waits on the lock forever (seen once: a test worker hung in
 * ExportJWKEcKey → GC → ~KeyGenJob → mutex). No KeyObject here has a job behind it.
 */
export function newP256KeyPair(): P256KeyPair {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return p256KeyPairOf(ecdh);
}

export interface P256KeyPair {
  publicJwk: { kty: "EC"; crv: "P-256"; x: string; y: string };
  privatePem: string;
}

/** The key pair an ECDH object holds (exported for tests, which give it chosen scalars). */
export function p256KeyPairOf(ecdh: ECDH): P256KeyPair {
  const point = ecdh.getPublicKey(); // uncompressed: 0x04, x, y (32 bytes each)
  const x = point.subarray(1, 33).toString("base64url");
  const y = point.subarray(33, 65).toString("base64url");
  // The scalar comes without leading zero bytes; a JWK's `d` is the full 32.
  const d = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32).toString("base64url");
  const privateKey = createPrivateKey({ key: { kty: "EC", crv: "P-256", x, y, d }, format: "jwk" });
  return { publicJwk: { kty: "EC", crv: "P-256", x, y }, privatePem: privateKey.export({ format: "pem", type: "pkcs8" }) as string };
}

function published(row: KeyRow): PublicJwk {
  const jwk = row.publicJwk;
  return { alg: "ES256", crv: jwk.crv!, kid: row.id, kty: jwk.kty!, x: jwk.x!, y: jwk.y! };
}

/**
 * Whether `secrets` opens the newest private key in the database (of any project), i.e. whether this
 * process holds the server secret the others sealed with; true while there is none.
 */
export async function secretOpensSigningKeys(queries: ReturnType<typeof signingKeyQueries>, secrets: SecretBox): Promise<boolean> {
  const sealed = await queries.newestSealed();
  if (sealed === undefined) return true;
  try {
    secrets.decrypt(sealed, SIGNING_KEY_PURPOSE);
    return true;
  } catch {
    return false;
  }
}

export function createSigningKeys(queries: ReturnType<typeof signingKeyQueries>, secrets: SecretBox, options: SigningKeysOptions): SigningKeys {
  const { now } = options;
  /** Each project's signing keys, with the `signingKeysVersion` read with them; `stale` once forgotten. */
  const current = new Map<string, { version: string | undefined; stale?: boolean; keys: Promise<Record<KeySetName, SigningKey>> }>();
  /** Public keys by kid, with the project's `signingKeysVersion` they were read under (a rotation reloads them). */
  const verification = new Map<string, { key: VerificationKey; version: string | undefined }>();

  async function insertKey(projectId: string, set: KeySetName, role: "signing" | "standby", db?: Db): Promise<string> {
    const { publicJwk: point, privatePem: pem } = newP256KeyPair();
    const kid = randomBytes(9).toString("base64url");
    const publicJwk = { ...point, kid, alg: "ES256", set, role };
    await queries.insert({ id: kid, projectId, publicJwk, privateKey: secrets.encrypt(pem, SIGNING_KEY_PURPOSE), createdAt: now() }, db);
    return kid;
  }

  /** The set's keys that are not retired, creating the signing and standby keys it lacks. */
  async function ensureSet(projectId: string, set: KeySetName, db?: Db): Promise<KeyRow[]> {
    const live = async () => (await queries.allForProject(projectId, db)).filter((row) => setOf(row) === set && !row.retiredAt);
    let rows = await live();
    const missing: ("signing" | "standby")[] = [];
    if (!rows.some((row) => !isStandby(row))) missing.push("signing");
    if (!rows.some(isStandby)) missing.push("standby");
    if (missing.length === 0) return ordered(rows);
    for (const role of missing) await insertKey(projectId, set, role, db);
    // Two processes may create keys at once; every process then picks the same (oldest) signing key.
    rows = await live();
    return ordered(rows);
  }

  async function signingKeyOf(projectId: string, set: KeySetName, db?: Db): Promise<SigningKey> {
    const [signing] = await ensureSet(projectId, set, db);
    return { kid: signing!.id, projectId, privateKey: createPrivateKey(secrets.decrypt(signing!.privateKey, SIGNING_KEY_PURPOSE)) };
  }

  /** Both sets are loaded (or made) together, so a caller outside a transaction prepares either. */
  async function loadOrCreate(projectId: string, db?: Db): Promise<Record<KeySetName, SigningKey>> {
    return { regular: await signingKeyOf(projectId, "regular", db), anonymous: await signingKeyOf(projectId, "anonymous", db) };
  }

  const publishedUntil = (row: KeyRow) => (row.retiredAt ? new Date(row.retiredAt.getTime() + options.retiredKeyPublishedMs) : null);

  /** The set's published keys in JWKS order: live ones (created if missing), then retired ones whose tokens may still be valid. */
  async function publishedRows(projectId: string, set: KeySetName): Promise<KeyRow[]> {
    const live = await ensureSet(projectId, set);
    const at = now().getTime();
    const retired = (await queries.allForProject(projectId)).filter((row) => setOf(row) === set && row.retiredAt && publishedUntil(row)!.getTime() > at);
    return [...live, ...ordered(retired)];
  }

  return {
    async current(projectId, set = "regular", db) {
      let entry = current.get(projectId);
      if (db !== undefined) {
        if (entry) return (await entry.keys)[set];
        // Read (or made) in the caller's unit of work, and not kept: it may roll back, and a
        // transaction's snapshot may predate a rotation.
        return (await loadOrCreate(projectId, db))[set];
      }
      const version = options.cachedVersionOf(projectId);
      if (!entry || entry.stale || (version !== undefined && entry.version !== version)) {
        const loaded = { version, keys: loadOrCreate(projectId) };
        current.set(projectId, loaded);
        loaded.keys.catch(() => {
          if (current.get(projectId) === loaded) current.delete(projectId);
        });
        entry = loaded;
      }
      return (await entry.keys)[set];
    },
    async byKid(kid) {
      const cached = verification.get(kid);
      if (cached) {
        const version = options.cachedVersionOf(cached.key.projectId);
        if (version === undefined || version === cached.version) return cached.key;
      }
      const row = await queries.byId(kid);
      if (!row) return null;
      const key = { kid, projectId: row.projectId, publicKey: createPublicKey({ key: publicPart(row), format: "jwk" }), acceptedUntil: publishedUntil(row) };
      verification.set(kid, { key, version: options.cachedVersionOf(row.projectId) });
      return key;
    },
    async jwks(projectId, jwksOptions = {}) {
      const regular = await publishedRows(projectId, "regular");
      const anonymous = jwksOptions.includeAnonymous ? await publishedRows(projectId, "anonymous") : [];
      return { keys: [...regular, ...anonymous].map(published) };
    },
    async published(projectId) {
      const rows = [...(await publishedRows(projectId, "regular")), ...(await publishedRows(projectId, "anonymous"))];
      return rows.map((row) => ({
        kid: row.id,
        set: setOf(row),
        status: statusOf(row),
        createdAt: row.createdAt,
        retiredAt: row.retiredAt ?? null,
        publishedUntil: publishedUntil(row),
      }));
    },
    forget(projectId) {
      // Kept, marked stale, for units of work already under way (see `current`); the next use outside one reads them again.
      const entry = current.get(projectId);
      if (entry) entry.stale = true;
      for (const [kid, entry] of verification) if (entry.key.projectId === projectId) verification.delete(kid);
    },
    async rotate(projectId, tx) {
      const rotations: SetRotation[] = [];
      for (const set of keySetNames) {
        const live = await ensureSet(projectId, set, tx);
        const signing = live.filter((row) => !isStandby(row));
        const [next] = live.filter(isStandby);
        const at = now();
        for (const row of signing) await queries.update(projectId, row.id, { retiredAt: at }, tx);
        await queries.update(projectId, next!.id, { publicJwk: { ...next!.publicJwk, role: "signing" } }, tx);
        const standbyKid = await insertKey(projectId, set, "standby", tx);
        rotations.push({ set, retiredKids: signing.map((row) => row.id), signingKid: next!.id, standbyKid });
      }
      // Every process (this one too) switches to the new keys when it reads the project's new version.
      return rotations;
    },
  };
}

/** The JWK node:crypto reads: the EC fields only. */
function publicPart(row: KeyRow): { kty: string; crv: string; x: string; y: string } {
  const jwk = published(row);
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}
