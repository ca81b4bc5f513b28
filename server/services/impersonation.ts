/**
 * Impersonation links: a one-time code an admin asks for, redeemed by the app's magic-link callback
 * page (POST /auth/otp/sign-in) for a one-hour session as the user, marked as an impersonation. The code
 * is stored hashed like every verification code, lives five minutes and works once; the link's creation
 * and the session it starts are both audited under the admin who asked.
 */
import type { ProjectRow } from "../db/queries/projects.js";
import type { AppDeps } from "../deps.js";
import { knownError } from "../../contract/known-error.js";
import { hostedPageUrl } from "./email-verification.js";
import { recordEvent, type EventActor } from "./events.js";
import { assertTrustedUrl, withQueryParam } from "./redirect-urls.js";
import { hashSecret } from "./secrets.js";
import { startSessionForUser, type TokenPair } from "./sessions.js";
import { createVerificationCode, useVerificationCode } from "./verification-codes.js";

export const IMPERSONATION = "impersonation";
const LINK_TTL_MS = 5 * 60 * 1000;
const SESSION_MS = 60 * 60 * 1000;

type CodeData = { admin_user_id: string | null };

export async function createImpersonationLink(
  deps: AppDeps,
  project: ProjectRow,
  input: { userId: string; callbackUrl?: string },
  actor: EventActor,
): Promise<{ url: string; expires_at_millis: number }> {
  if (input.callbackUrl !== undefined) assertTrustedUrl(deps, project, input.callbackUrl);
  if (!(await deps.queries.users.find(project.id, input.userId))) throw knownError("USER_ID_DOES_NOT_EXIST", { user_id: input.userId });
  const page = input.callbackUrl ?? withQueryParam(hostedPageUrl(deps, "magic-link-callback"), "project_id", project.id);
  const created = await deps.store.transaction(async (tx) => {
    const code = await createVerificationCode(deps, { projectId: project.id, purpose: IMPERSONATION, userId: input.userId, data: { admin_user_id: actor.userId } satisfies CodeData, ttlMs: LINK_TTL_MS, db: tx });
    await recordEvent(deps, tx, "session.impersonation_link_created", { user_id: input.userId, expires_at_millis: code.expiresAt.getTime() }, { projectId: project.id, actor });
    return code;
  });
  return { url: withQueryParam(page, "code", created.code), expires_at_millis: created.expiresAt.getTime() };
}

/**
 * The session an impersonation code opens, or null when `code` is not one (then it is an ordinary sign-in
 * code). A used or expired impersonation code is refused with its reason.
 */
export async function redeemImpersonationCode(deps: AppDeps, project: ProjectRow, code: string): Promise<(TokenPair & { user_id: string; is_new_user: false }) | null> {
  const found = await deps.queries.verificationCodes.findByCodeHash(project.id, IMPERSONATION, hashSecret(code.toLowerCase()));
  if (!found?.userId) return null;
  const used = await useVerificationCode<CodeData>(deps, { projectId: project.id, purpose: IMPERSONATION, code });
  const actor: EventActor = { accessType: "admin", userId: used.data.admin_user_id };
  const tokens = await startSessionForUser(deps, project.id, found.userId, { isImpersonation: true, expiresInMs: SESSION_MS }, actor);
  return { ...tokens, user_id: found.userId, is_new_user: false };
}
