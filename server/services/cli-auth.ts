/**
 * CLI login (otp-and-cli.md §4). A login starts `waiting`; the confirmation page completes it with a
 * refresh token of the signed-in user (`completed`, token sealed); the first poll after that takes the
 * token and leaves the login `used`. Expiry wins over every state. Both codes are stored as hashes.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { hashSecret, randomCode } from "./secrets.js";

/** The purpose the refresh token is sealed under while it waits to be collected. */
export const SEAL_PURPOSE = "cli-refresh-token";


export interface StartedCliLogin {
  pollingCode: string;
  loginCode: string;
  expiresAt: Date;
}

export type CliPollAnswer = { status: "waiting" | "expired" | "used" } | { status: "success"; refreshToken: string };

export async function startCliLogin(deps: AppDeps, projectId: string, lifetimeMs: number): Promise<StartedCliLogin> {
  const now = deps.clock.now();
  const pollingCode = randomCode();
  const loginCode = randomCode();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await deps.queries.cliLogins.insert({
    id: randomUUID(),
    projectId,
    pollingCodeHash: hashSecret(pollingCode),
    loginCodeHash: hashSecret(loginCode),
    refreshToken: null,
    status: "waiting",
    createdAt: now,
    expiresAt,
  });
  return { pollingCode, loginCode, expiresAt };
}

/** What the CLI learns from one poll; the refresh token is handed out to exactly one poll. */
export async function pollCliLogin(deps: AppDeps, projectId: string, pollingCode: string): Promise<CliPollAnswer> {
  const login = await deps.queries.cliLogins.findByPollingCodeHash(projectId, hashSecret(pollingCode));
  if (!login) throw knownError("INVALID_POLLING_CODE");
  if (login.expiresAt.getTime() <= deps.clock.now().getTime()) return { status: "expired" };
  switch (login.status) {
    case "waiting":
      return { status: "waiting" };
    case "used":
      return { status: "used" };
    case "completed": {
      const sealed = login.refreshToken;
      if (sealed === null || !(await deps.queries.cliLogins.markUsed(projectId, login.id))) return { status: "used" };
      return { status: "success", refreshToken: deps.secrets.decrypt(sealed, SEAL_PURPOSE) };
    }
  }
}

/** Throws 400 text when the login code is unknown, expired or already used (checked first, as Stack does). */
export async function assertWaitingCliLogin(deps: AppDeps, projectId: string, loginCode: string): Promise<void> {
  if (!(await deps.queries.cliLogins.isWaiting(projectId, hashSecret(loginCode), deps.clock.now()))) throw statusError("cliInvalidLoginCode");
}

/**
 * Completes a waiting login with a refresh token of `userId`'s live session in this project. Throws
 * 400 text when the token is someone else's (or unknown, or ended), or when the login code is unknown,
 * expired or already used.
 */
export async function completeCliLogin(deps: AppDeps, projectId: string, userId: string, loginCode: string, refreshToken: string): Promise<void> {
  const now = deps.clock.now();
  const session = await deps.queries.sessions.findLiveByTokenHash(projectId, hashSecret(refreshToken), now);
  if (session?.userId !== userId) throw statusError("cliNotOwnRefreshToken");
  const sealed = deps.secrets.encrypt(refreshToken, SEAL_PURPOSE);
  if (!(await deps.queries.cliLogins.complete(projectId, hashSecret(loginCode), sealed, now))) throw statusError("cliInvalidLoginCode");
}
