/**
 * The server secret behind every encryption key. From LATCHKEY_SERVER_SECRET (base64, 32+ bytes) when
 * set; otherwise a random one kept in `<data dir>/server-secret` (created at first start, mode 600, in a
 * data directory created with mode 700).
 * Processes sharing a database must share the secret: set the variable when running several.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDir, restrictExisting } from "../private-files.js";

export interface ServerSecret {
  secret: Buffer;
  /** Keeps a secret made by this start in the data directory; undefined when it came from there or the environment. */
  save?: () => void;
}

/**
 * The secret from the environment or the data directory; without either, a new one that is written only
 * when `save` is called (after the start-up checks passed, so a refused start leaves nothing behind).
 */
export function readServerSecret(fromEnv: string | undefined, dataDir: string): ServerSecret {
  if (fromEnv) {
    const secret = Buffer.from(fromEnv, "base64");
    if (secret.length < 32) throw new Error("LATCHKEY_SERVER_SECRET must be base64 of at least 32 bytes");
    return { secret };
  }
  const file = join(dataDir, "server-secret");
  if (existsSync(file)) {
    restrictExisting(file);
    return { secret: Buffer.from(readFileSync(file, "utf8").trim(), "base64") };
  }
  const secret = randomBytes(32);
  return {
    secret,
    save() {
      makePrivateDir(dataDir);
      writeFileSync(file, secret.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    },
  };
}

/** The secret, made and kept in the data directory at once when there is none. */
export function loadServerSecret(fromEnv: string | undefined, dataDir: string): Buffer {
  const { secret, save } = readServerSecret(fromEnv, dataDir);
  save?.();
  return secret;
}
