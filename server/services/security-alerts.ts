/**
 * Security alerts (ASVS 2.2.3, 2.5.5): an e-mail to the user when how they sign in changes (password
 * changed or reset, two-factor turned on or off, a passkey added, the primary e-mail changed) and at each
 * sign-in completed with a second factor. A stolen access token can still do what the wire protocol allows
 * (the Stack SDK sets TOTP through PATCH /users/me); the owner at least hears of it. Queued in the change's
 * own unit of work, to the verified primary e-mail only (for a changed primary e-mail: the old one). A
 * project turns each kind off with `emails.securityAlerts.<kind>: false`.
 */
import type { ContactChannelRow } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "./config/project-config.js";
import { enqueueEmail } from "./email/outbox.js";
import { securityAlertEmail } from "./email/templates.js";

export const securityAlertKinds = {
  passwordChanged: "Your password was changed",
  mfaEnabled: "Two-factor authentication was turned on",
  mfaDisabled: "Two-factor authentication was turned off",
  passkeyAdded: "A passkey was added",
  primaryEmailChanged: "Your primary e-mail address was changed",
  signInWithMfa: "A new sign-in with two-factor authentication happened",
} as const;

export type SecurityAlertKind = keyof typeof securityAlertKinds;

/** Queues the alert through `db` (the change's transaction, or the root db for a change made without one). */
export async function queueSecurityAlert(deps: AppDeps, db: Db, projectId: string, to: ContactChannelRow | null | undefined, kind: SecurityAlertKind): Promise<void> {
  if (!to?.isVerified) return;
  const project = await deps.queries.projects.find(projectId, db);
  if (!project || renderProjectConfig(project).emails.securityAlerts?.[kind] === false) return;
  const mail = await securityAlertEmail(deps, project, { kind, when: deps.clock.now(), recipient: { email: to.value } });
  await enqueueEmail(deps, db, { projectId, to: [to.value], ...mail });
}
