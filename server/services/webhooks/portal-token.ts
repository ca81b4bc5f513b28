/**
 * The answer of `POST /webhooks/svix-token`: where Stack hands out a Svix App-Portal token, this server
 * hands out its own, sealed with the server secret, naming the project and an expiry. The dashboard's
 * webhook pages present it; `verifyPortalToken` reads it back.
 */
import type { AppDeps } from "../../deps.js";

const PURPOSE = "webhook-portal-token";
const PREFIX = "lkwh_";
const LIFETIME_MS = 24 * 3_600_000;

export function issuePortalToken(deps: AppDeps, projectId: string): string {
  const expiresAt = deps.clock.now().getTime() + LIFETIME_MS;
  return PREFIX + deps.secrets.encrypt(JSON.stringify({ p: projectId, e: expiresAt }), PURPOSE);
}

/** The project a token is for, or null when it is not one of ours or has expired. */
export function verifyPortalToken(deps: AppDeps, token: string): string | null {
  if (!token.startsWith(PREFIX)) return null;
  try {
    const { p, e } = JSON.parse(deps.secrets.decrypt(token.slice(PREFIX.length), PURPOSE)) as { p: string; e: number };
    return e > deps.clock.now().getTime() ? p : null;
  } catch {
    return null;
  }
}
