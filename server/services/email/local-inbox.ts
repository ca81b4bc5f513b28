/**
 * The local inbox: while a project has nowhere to send mail (no server of its own and no shared
 * `LATCHKEY_SMTP_URL`) and is not in production mode, the deliverer keeps each mail it cannot send
 * here, so a developer can open verification links and read codes without a mail server. The outbox
 * row is still marked undeliverable; this is a copy for the project's admins. Bounded: the newest
 * {@link INBOX_LIMIT} mails of a project, none older than {@link INBOX_MAX_AGE_MS}. Bodies are sealed
 * as the outbox's payloads are.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, lt, notInArray, type AnyColumn } from "drizzle-orm";
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
export async function keepInLocalInbox(deps: Pick<AppDeps, "store" | "clock" | "secrets">, projectId: string, outboxId: string, mail: EmailPayload): Promise<string> {
  const t = deps.store.t.localInboxEmails;
  const now = deps.clock.now();
  const body = deps.secrets.encrypt(JSON.stringify({ html: mail.html, text: mail.text }), OUTBOX_SECRET_PURPOSE);
  const id = randomUUID();
  await deps.store.transaction(async (tx) => {
    await tx.insert(t).values({ id, projectId, outboxId, to: mail.to, subject: mail.subject, body, createdAt: now });
    await tx.delete(t).where(and(eq(t.projectId, projectId), lt(t.createdAt, oldestKept(now))));
    const newest = tx.select({ id: t.id }).from(t).where(eq(t.projectId, projectId)).orderBy(desc(t.createdAt), desc(t.id)).limit(INBOX_LIMIT);
    const keep = (await newest).map((r) => r.id);
    if (keep.length === INBOX_LIMIT) await tx.delete(t).where(and(eq(t.projectId, projectId), notInArray(t.id, keep)));
  });
  return id;
}

/**
 * The project's kept mails, newest first (at most {@link INBOX_LIMIT}, none past its age). A project in
 * production mode shows none, including any kept before it went into production mode.
 */
export async function listLocalInbox(deps: Pick<AppDeps, "store" | "clock">, project: ProjectRow): Promise<InboxSummary[]> {
  if (project.isProductionMode) return [];
  const projectId = project.id;
  const t = deps.store.t.localInboxEmails;
  return deps.store.db
    .select({ id: t.id, to: t.to, subject: t.subject, createdAt: t.createdAt })
    .from(t)
    .where(and(eq(t.projectId, projectId), notOlderThanKept(deps, t.createdAt)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(INBOX_LIMIT);
}

/** One kept mail of the project with its bodies, or null (no such mail in this project, past its age, or the project is in production mode). */
export async function readLocalInbox(deps: Pick<AppDeps, "store" | "clock" | "secrets">, project: ProjectRow, id: string): Promise<InboxEmail | null> {
  if (project.isProductionMode) return null;
  const projectId = project.id;
  const t = deps.store.t.localInboxEmails;
  const [row] = await deps.store.db
    .select()
    .from(t)
    .where(and(eq(t.projectId, projectId), eq(t.id, id), notOlderThanKept(deps, t.createdAt)));
  if (!row) return null;
  const body = JSON.parse(deps.secrets.decrypt(row.body, OUTBOX_SECRET_PURPOSE)) as { html: string; text: string };
  return { id: row.id, to: row.to, subject: row.subject, createdAt: row.createdAt, html: body.html, text: body.text };
}

/** Removes every mail the project kept (it went into production mode). */
export async function forgetLocalInbox(deps: Pick<AppDeps, "store">, projectId: string): Promise<void> {
  const t = deps.store.t.localInboxEmails;
  await deps.store.db.delete(t).where(eq(t.projectId, projectId));
}

/** Removes every kept mail past its age (all projects); answers how many. */
export async function pruneLocalInboxes(deps: Pick<AppDeps, "store" | "clock">): Promise<number> {
  const t = deps.store.t.localInboxEmails;
  const old = await deps.store.db.select({ id: t.id }).from(t).where(lt(t.createdAt, oldestKept(deps.clock.now()))).limit(1000);
  if (old.length === 0) return 0;
  await deps.store.db.delete(t).where(inArray(t.id, old.map((r) => r.id)));
  return old.length;
}

function oldestKept(now: Date): Date {
  return new Date(now.getTime() - INBOX_MAX_AGE_MS);
}

function notOlderThanKept(deps: Pick<AppDeps, "clock">, column: AnyColumn) {
  return gte(column, oldestKept(deps.clock.now()));
}
