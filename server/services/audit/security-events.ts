/**
 * Security events that change no data (a refused sign-in) recorded for the audit log. They are
 * recorded on the root db, outside any transaction: their row is sealed into the chain by the next
 * transaction that records an audited event, or before the log is read.
 */
import type { AppDeps } from "../../deps.js";
import { recordEvent } from "../events.js";

type SignInMethod = "password" | "otp" | "mfa" | "passkey" | "oauth";

export async function recordSignInFailure(
  deps: AppDeps,
  projectId: string,
  failure: { method: SignInMethod; email: string | null; userId: string | null; reason: string },
): Promise<void> {
  await recordEvent(deps, deps.store.db, "auth.sign_in_failed", { method: failure.method, email: failure.email, user_id: failure.userId, reason: failure.reason }, { projectId, actor: { accessType: "client", userId: null } });
}

export async function recordLockout(deps: AppDeps, projectId: string, method: SignInMethod, email: string, retryAfterSeconds: number): Promise<void> {
  await recordEvent(deps, deps.store.db, "auth.locked_out", { method, email, retry_after_seconds: retryAfterSeconds }, { projectId, actor: { accessType: "client", userId: null } });
}
