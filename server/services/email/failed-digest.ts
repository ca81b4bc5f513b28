/**
 * The failed-e-mails digest (`POST /internal/failed-emails-digest`, called by the operator's scheduler
 * with `Authorization: Bearer «LATCHKEY_CRON_SECRET»`, as Stack's cron job calls its own): each project
 * whose mails failed in the last day gets one digest per owner (the members of its owner team in the
 * internal project), sent from the internal project. Call it once a day; a run covers the 24 hours
 * before it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { INTERNAL_PROJECT_ID } from "../projects.js";
import { enqueueEmail } from "./outbox.js";
import { escapeHtml } from "./render/defaults/plain.js";

export const DIGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most failed mails one digest lists; the count says how many more there were. */
const LISTED_PER_PROJECT = 50;
/** The most failed-mail rows one run reads. */
const READ_LIMIT = 5000;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Throws the answers of a scheduled call without (400) or with a wrong (401) bearer secret. */
export function requireCronSecret(deps: AppDeps, authorization: string | undefined): void {
  if (!authorization) throw statusError("cronAuthorizationMissing");
  const secret = deps.config.cronSecret;
  // Compared as digests: equal lengths for timingSafeEqual, no early exit.
  if (!secret || !timingSafeEqual(digest(authorization), digest(`Bearer ${secret}`))) throw statusError("cronUnauthorized");
}

interface FailedMail {
  to: string[];
  subject: string;
  at: Date;
  reason: string;
}

/** Queues the digests; answers how many were queued. */
export async function sendFailedEmailsDigests(deps: AppDeps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - DIGEST_WINDOW_MS);
  const rows = await deps.queries.sentEmails.failedSince(since, READ_LIMIT);
  const byProject = new Map<string, FailedMail[]>();
  for (const row of rows) {
    const reason = typeof row.error?.message === "string" ? row.error.message : "The mail server refused the mail.";
    const list = byProject.get(row.projectId) ?? [];
    list.push({ to: row.to, subject: row.subject, at: row.updatedAt, reason });
    byProject.set(row.projectId, list);
  }
  let queued = 0;
  for (const [projectId, failed] of byProject) {
    const project = await deps.queries.projects.find(projectId);
    if (!project?.ownerTeamId) continue;
    const owners = await deps.queries.teams.memberRecords(INTERNAL_PROJECT_ID, { teamId: project.ownerTeamId });
    const mail = digestMail(project.displayName, failed);
    for (const owner of owners) {
      if (!owner.primaryEmail) continue;
      await enqueueEmail(deps, deps.store.db, { projectId: INTERNAL_PROJECT_ID, to: [owner.primaryEmail.value], ...mail });
      queued++;
    }
  }
  return queued;
}

function digestMail(projectName: string, failed: FailedMail[]): { subject: string; html: string; text: string } {
  const listed = failed.slice(-LISTED_PER_PROJECT).reverse();
  const lines = listed.map((m) => `${m.at.toISOString()}: "${m.subject}" to ${m.to.join(", ") || "(no address)"}: ${m.reason}`);
  const more = failed.length > listed.length ? [`…and ${failed.length - listed.length} more.`] : [];
  const intro = `${failed.length} e-mail${failed.length === 1 ? "" : "s"} of ${projectName} could not be delivered in the last 24 hours. Check the project's e-mail settings and its sent-mail list in the dashboard.`;
  return {
    subject: `Failed e-mails of ${projectName} in the last 24 hours`,
    text: [intro, "", ...lines, ...more].join("\n"),
    html: `<p>${escapeHtml(intro)}</p>\n<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>${more.map((m) => `<p>${escapeHtml(m)}</p>`).join("")}`,
  };
}
