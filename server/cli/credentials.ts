/**
 * The CLI's session: the server it signed in to and a refresh token of the user's session there, kept
 * in `<config dir>/credentials.json`, a file only the user may read (0600, in a 0700 directory).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CliError, exitCodes } from "./output.js";

export interface Credentials {
  /** The server's base URL, e.g. `http://localhost:8102`. */
  server: string;
  /** The project the user signed in to (the server's `internal` project, whose users own projects). */
  projectId: string;
  publishableClientKey: string;
  refreshToken: string;
  userId: string;
  email: string | null;
}

const fileOf = (configDir: string) => join(configDir, "credentials.json");

export function saveCredentials(configDir: string, credentials: Credentials): string {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  chmodSync(configDir, 0o700);
  const file = fileOf(configDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  chmodSync(temporary, 0o600); // whatever the umask
  renameSync(temporary, file);
  return file;
}

/** The saved session, or a CliError telling the person to sign in. */
export function loadCredentials(configDir: string): Credentials {
  const file = fileOf(configDir);
  if (!existsSync(file)) throw new CliError("You are not signed in. Run `latchkey login --server <url> --publishable-client-key <key>` first.", exitCodes.notAllowed);
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<Credentials>;
    if (typeof parsed.server === "string" && typeof parsed.refreshToken === "string" && typeof parsed.publishableClientKey === "string" && typeof parsed.projectId === "string") {
      return parsed as Credentials;
    }
  } catch {
    // Reported below.
  }
  throw new CliError(`${file} is damaged. Run \`latchkey login\` again.`, exitCodes.notAllowed);
}

/** Forgets the session; answers whether there was one. */
export function removeCredentials(configDir: string): boolean {
  const file = fileOf(configDir);
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}
