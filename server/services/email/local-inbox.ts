/**
 * The local inbox: while a project has nowhere to send mail (no server of its own and no shared
 * `LATCHKEY_SMTP_URL`) and is not in production mode, the deliverer keeps each mail it cannot send
 * here, so a developer can open verification links and read codes without a mail server. The outbox
 * row is still marked undeliverable; this is a copy for the project's admins. Bounded: the newest
 * {@link INBOX_LIMIT} mails of a project, none older than {@link INBOX_MAX_AGE_MS}. Bodies are sealed
 * as the outbox's payloads are.
 */
import { randomUUID } from "node:crypto";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { renderProjectConfig } from "../config/project-config.js";
import { OUTBOX_SECRET_PURPOSE, type EmailPayload } from "./outbox.js";
import { resolveSmtpSettings } from "./transport.js";

export const INBOX_LIMIT = 500;
export const INBOX_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the project's unsendable mail is kept: "kept"; "production_mode" (a production project
 * keeps nothing: its users' codes and links must not sit in a dashboard); "mail_server" (it has a
 * mail server, so mails are sent and not kept).
 */
export type InboxState = "kept" | "production_mode" | "mail_server";

export function inboxState(deps: Pick<AppDeps, "config">, project: ProjectRow): InboxState {
  if (project.isProductionMode) return "production_mode";
  const settings = resolveSmtpSettings(renderProjectConfig(project).emails.server, deps.config.sharedSmtp, project.displayName);
  return settings ? "mail_server" : "kept";
}

/**
 * The start-up log line of a server without a shared mail server (null when it has one): where the
 * kept mails of its projects are read. A project with a server of its own sends its mail, and one in
 * production mode keeps nothing.
 */
export function localInboxNotice(config: Pick<AppDeps["config"], "sharedSmtp" | "publicUrl">): string | null {
  if (config.sharedSmtp) return null;
  const url = `${config.publicUrl.replace(/\/$/, "")}/dashboard/projects/<project>/emails?tab=inbox`;
  return `no mail server: mails are kept in the dashboard's inbox at ${url} (not for projects in production mode or with a mail server of their own; \`latchkey mail list --project <project>\` prints them too)`;
}

export interface InboxSummary {
  id: string;
  to: string[];
  subject: string;
  createdAt: Date;
}

export interface InboxEmail extends InboxSummary {
  html: string;
  text: string;
}

/**
 * Keeps a mail the project could not send (call only when {@link inboxState} answers "kept"), then
 * trims the project's inbox to its bounds. Answers the kept mail's id.
 */
export async function keepInLocalInbox(deps: Pick<AppDeps, "queries" | "clock" | "secrets">, projectId: string, outboxId: string, mail: EmailPayload): Promise<string> {
  const now = deps.clock.now();
  const body = deps.secrets.encrypt(JSON.stringify({ html: mail.html, text: mail.text }), OUTBOX_SECRET_PURPOSE);
  const id = randomUUID();
  await deps.queries.localInbox.keep({ id, projectId, outboxId, to: mail.to, subject: mail.subject, body, createdAt: now }, { oldestKept: oldestKept(now), limit: INBOX_LIMIT });
  return id;
}

/**
 * The project's kept mails, newest first (at most {@link INBOX_LIMIT}, none past its age). A project in
 * production mode shows none, including any kept before it went into production mode.
 */
export async function listLocalInbox(deps: Pick<AppDeps, "queries" | "clock">, project: ProjectRow): Promise<InboxSummary[]> {
  if (project.isProductionMode) return [];
  return deps.queries.localInbox.list(project.id, oldestKept(deps.clock.now()), INBOX_LIMIT);
}

/** One kept mail of the project with its bodies, or null (no such mail in this project, past its age, or the project is in production mode). */
export async function readLocalInbox(deps: Pick<AppDeps, "queries" | "clock" | "secrets">, project: ProjectRow, id: string): Promise<InboxEmail | null> {
  if (project.isProductionMode) return null;
  const row = await deps.queries.localInbox.find(project.id, id, oldestKept(deps.clock.now()));
  if (!row) return null;
  const body = JSON.parse(deps.secrets.decrypt(row.body, OUTBOX_SECRET_PURPOSE)) as { html: string; text: string };
  return { id: row.id, to: row.to, subject: row.subject, createdAt: row.createdAt, html: body.html, text: body.text };
}

/** Removes every mail the project kept (it went into production mode). */
export async function forgetLocalInbox(deps: Pick<AppDeps, "queries">, projectId: string): Promise<void> {
  await deps.queries.localInbox.deleteAll(projectId);
}

/** Removes every kept mail past its age (all projects); answers how many. */
export async function pruneLocalInboxes(deps: Pick<AppDeps, "queries" | "clock">): Promise<number> {
  return deps.queries.localInbox.prune(oldestKept(deps.clock.now()));
}

function oldestKept(now: Date): Date {
  return new Date(now.getTime() - INBOX_MAX_AGE_MS);
}
