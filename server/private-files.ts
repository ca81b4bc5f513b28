/**
 * Files only the server's own user may read: the data directory, the SQLite database with its WAL and
 * shared-memory files, the server secret. Modes are given at creation (the umask can only remove bits)
 * and tightened on files that already exist, so an older install's 0644 database becomes 0600.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

const OWNER_DIR = 0o700;
const OWNER_FILE = 0o600;

/** Creates `dir` (and missing parents) readable by the owner only; an existing directory is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_DIR });
}

/** Creates `path` empty with mode 0600 if it is missing, or narrows an existing file to 0600. */
export function makePrivateFile(path: string): void {
  if (existsSync(path)) chmodSync(path, OWNER_FILE);
  else closeSync(openSync(path, "a", OWNER_FILE));
}

/** Narrows each existing file to 0600 (files SQLite creates beside the database: `-wal`, `-shm`). */
export function restrictExisting(...paths: string[]): void {
  for (const path of paths) if (existsSync(path)) chmodSync(path, OWNER_FILE);
}
