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

export function loadServerSecret(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) {
    const secret = Buffer.from(fromEnv, "base64");
    if (secret.length < 32) throw new Error("LATCHKEY_SERVER_SECRET must be base64 of at least 32 bytes");
    return secret;
  }
  const file = join(dataDir, "server-secret");
  if (existsSync(file)) {
    restrictExisting(file);
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  }
  makePrivateDir(dataDir);
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}
