/**
 * send-email: checks the request, resolves the recipients and queues the send as outbox rows of one
 * batch of users each. Nothing is rendered here; the deliverer composes each recipient's mail when
 * its batch is delivered (deliver-batch.ts).
 *
 * A send to every user pages through the users by id and writes one row per page, each page in its
 * own short transaction: memory stays flat and other writers are never held up for long, whatever
 * the number of users.
 */
import type { ProjectRow } from "../../../db/queries/projects.js";
import type { AppDeps } from "../../../deps.js";
import { knownError, statusError } from "../../../errors.js";
import { renderProjectConfig } from "../../config/project-config.js";
import { findDraft, markDraftSent } from "../catalogue/drafts.js";
import { findTemplate } from "../catalogue/themes.js";
import { enqueueEmailBatches, type BatchContent, type EmailBatch } from "../outbox.js";
import { categoryByName } from "../preferences.js";
import { loadRecipients, userIdPage } from "./recipients.js";

/** Users per outbox row. */
export const DEFAULT_BATCH_SIZE = 100;
/** Outbox rows written per statement (and pages of users read per query when sending to everyone). */
const ROWS_PER_WRITE = 10;

export interface SendEmailRequest {
  userIds?: string[];
  allUsers?: boolean;
  content: BatchContent;
  /** A theme id, false for none, null/undefined for the project's selected theme. */
  themeId?: string | false | null;
  subject?: string;
  notificationCategoryName?: string;
}

export interface SendEmailOutcome {
  /**
   * One result per named user, with the primary e-mail when there is one, as Stack answers (also for
   * users who turned the category off: the deliverer skips them and the sent log says so); empty for `allUsers`.
   */
  results: { userId: string; email: string | null }[];
  /** Outbox rows written. */
  batches: number;
}

/** Picks the content variant of a send-email body; exactly one must be given. */
export function contentOf(body: { html?: string; template_id?: string; variables?: Record<string, unknown>; draft_id?: string }): BatchContent {
  const given = [body.html !== undefined, body.template_id !== undefined, body.draft_id !== undefined].filter(Boolean).length;
  if (given !== 1) throw schemaError("Exactly one of html, template_id or draft_id must be provided");
  if (body.variables !== undefined && body.template_id === undefined) throw schemaError("variables can only be given with template_id");
  if (body.html !== undefined) return { kind: "html", html: body.html };
  if (body.template_id !== undefined) return { kind: "template", templateId: body.template_id, variables: body.variables ?? {} };
  return { kind: "draft", draftId: body.draft_id! };
}

function schemaError(message: string) {
  return knownError("SCHEMA_ERROR", { message });
}

export async function sendEmailToUsers(deps: AppDeps, project: ProjectRow, request: SendEmailRequest, batchSize = DEFAULT_BATCH_SIZE): Promise<SendEmailOutcome> {
  if ((request.userIds === undefined) === (request.allUsers !== true)) throw schemaError("Exactly one of user_ids or all_users must be provided");
  const config = renderProjectConfig(project);
  if (config.emails.server.isShared) throw knownError("REQUIRES_CUSTOM_EMAIL_SERVER");
  const category = categoryByName(request.notificationCategoryName ?? "Transactional");
  if (!category) throw statusError("notificationCategoryNameNotFound");
  const { content } = request;
  if (content.kind === "template" && !findTemplate(config, content.templateId)) throw statusError("sendEmailTemplateNotFound");
  if (content.kind === "draft" && !(await findDraft(deps, project.id, content.draftId))) throw statusError("sendEmailDraftNotFound");

  const base = { projectId: project.id, content, themeId: request.themeId ?? null, subject: request.subject ?? null, categoryId: category.id };
  let batches = 0;
  const results: SendEmailOutcome["results"] = [];

  if (request.userIds !== undefined) {
    const userIds = [...new Set(request.userIds)];
    const recipients = await loadRecipients(deps, project.id, userIds);
    const byId = new Map(recipients.map((r) => [r.userId, r]));
    const missing = userIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw knownError("USER_ID_DOES_NOT_EXIST", { user_id: missing });
    for (const id of userIds) results.push({ userId: id, email: byId.get(id)!.email });
    // Every named user goes into a batch: the deliverer checks again and logs the skipped ones.
    const batchesOf = split(userIds, batchSize).map((ids): EmailBatch => ({ ...base, userIds: ids }));
    await deps.store.transaction(async (tx) => {
      for (const rows of split(batchesOf, ROWS_PER_WRITE)) await enqueueEmailBatches(deps, tx, rows);
      if (content.kind === "draft") await markDraftSent(deps, tx, project.id, content.draftId);
    });
    return { results, batches: batchesOf.length };
  }

  // Everyone: a page of users at a time, each written in a short transaction of its own.
  let afterId: string | null = null;
  for (;;) {
    const page = await userIdPage(deps, project.id, afterId, batchSize * ROWS_PER_WRITE);
    if (page.length === 0) break;
    const rows = split(page, batchSize).map((ids): EmailBatch => ({ ...base, userIds: ids }));
    await deps.store.transaction((tx) => enqueueEmailBatches(deps, tx, rows));
    batches += rows.length;
    if (page.length < batchSize * ROWS_PER_WRITE) break;
    afterId = page[page.length - 1]!;
  }
  if (content.kind === "draft") await deps.store.transaction((tx) => markDraftSent(deps, tx, project.id, content.draftId));
  return { results, batches };
}

function split<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}
