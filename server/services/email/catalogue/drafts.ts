/**
 * E-mail drafts (`/internal/email-drafts`): TSX templates an admin writes to send once. A draft keeps
 * the theme it renders in (an id, none, or the project's selected theme) and, once send-email sent it,
 * when that happened.
 */
import { randomUUID } from "node:crypto";
import type { DraftColumns, DraftRecord } from "../../../db/queries/email-drafts.js";
import type { Db } from "../../../db/store.js";
import type { AppDeps } from "../../../deps.js";
import { statusError } from "../../../errors.js";
import { STARTER_TEMPLATE_TSX } from "../render/defaults/index.js";

export type DraftChange = DraftColumns;

/** Newest first. */
export async function listDrafts(deps: AppDeps, projectId: string): Promise<DraftRecord[]> {
  return deps.queries.emailDrafts.list(projectId);
}

export async function findDraft(deps: AppDeps, projectId: string, id: string, db: Db = deps.store.db): Promise<DraftRecord | undefined> {
  return deps.queries.emailDrafts.find(projectId, id, db);
}

export async function getDraft(deps: AppDeps, projectId: string, id: string): Promise<DraftRecord> {
  const draft = await findDraft(deps, projectId, id);
  if (!draft) throw statusError("emailDraftNotFound");
  return draft;
}

export async function createDraft(deps: AppDeps, projectId: string, input: { displayName: string; tsxSource?: string; themeId?: string | false | null }): Promise<DraftRecord> {
  return deps.queries.emailDrafts.insert({
    id: randomUUID(),
    projectId,
    displayName: input.displayName,
    tsxSource: input.tsxSource ?? STARTER_TEMPLATE_TSX,
    themeId: input.themeId ?? null,
    now: deps.clock.now(),
  });
}

export async function updateDraft(deps: AppDeps, projectId: string, id: string, change: DraftChange): Promise<DraftRecord> {
  const draft = await deps.queries.emailDrafts.update(projectId, id, change, deps.clock.now());
  if (!draft) throw statusError("emailDraftNotFound");
  return draft;
}

/** Records that send-email sent the draft (through `db`, the send's unit of work). */
export async function markDraftSent(deps: AppDeps, db: Db, projectId: string, id: string): Promise<void> {
  await deps.queries.emailDrafts.markSent(projectId, id, deps.clock.now(), db);
}
