/**
 * E-mail drafts (`/internal/email-drafts`): TSX templates an admin writes to send once. A draft keeps
 * the theme it renders in (an id, none, or the project's selected theme) and, once send-email sent it,
 * when that happened.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/store.js";
import type { AppDeps } from "../../../deps.js";
import { statusError } from "../../../errors.js";
import { STARTER_TEMPLATE_TSX } from "../render/defaults/index.js";

export interface DraftRecord {
  id: string;
  projectId: string;
  displayName: string;
  tsxSource: string;
  /** undefined: the project's selected theme; false: none. */
  themeId: string | false | undefined;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DraftChange {
  displayName?: string;
  tsxSource?: string;
  /** An id, false for none, null for the project's selected theme; undefined keeps it. */
  themeId?: string | false | null;
}

type DraftRow = {
  id: string;
  projectId: string;
  displayName: string;
  tsxSource: string;
  themeId: string | null;
  noTheme: boolean;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toRecord(row: DraftRow): DraftRecord {
  const { noTheme, themeId, ...rest } = row;
  return { ...rest, themeId: noTheme ? false : (themeId ?? undefined) };
}

function themeColumns(themeId: string | false | null) {
  return { themeId: themeId === false ? null : themeId, noTheme: themeId === false };
}

/** Newest first. */
export async function listDrafts(deps: AppDeps, projectId: string): Promise<DraftRecord[]> {
  const { emailDrafts } = deps.store.t;
  const rows = await deps.store.db.select().from(emailDrafts).where(eq(emailDrafts.projectId, projectId)).orderBy(desc(emailDrafts.createdAt), desc(emailDrafts.id));
  return rows.map(toRecord);
}

export async function findDraft(deps: AppDeps, projectId: string, id: string, db: Db = deps.store.db): Promise<DraftRecord | undefined> {
  const { emailDrafts } = deps.store.t;
  const [row] = await db.select().from(emailDrafts).where(and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id))).limit(1);
  return row && toRecord(row);
}

export async function getDraft(deps: AppDeps, projectId: string, id: string): Promise<DraftRecord> {
  const draft = await findDraft(deps, projectId, id);
  if (!draft) throw statusError("emailDraftNotFound");
  return draft;
}

export async function createDraft(deps: AppDeps, projectId: string, input: { displayName: string; tsxSource?: string; themeId?: string | false | null }): Promise<DraftRecord> {
  const now = deps.clock.now();
  const [row] = await deps.store.db
    .insert(deps.store.t.emailDrafts)
    .values({
      id: randomUUID(),
      projectId,
      displayName: input.displayName,
      tsxSource: input.tsxSource ?? STARTER_TEMPLATE_TSX,
      ...themeColumns(input.themeId ?? null),
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toRecord(row!);
}

export async function updateDraft(deps: AppDeps, projectId: string, id: string, change: DraftChange): Promise<DraftRecord> {
  const { emailDrafts } = deps.store.t;
  const [row] = await deps.store.db
    .update(emailDrafts)
    .set({
      ...(change.displayName !== undefined && { displayName: change.displayName }),
      ...(change.tsxSource !== undefined && { tsxSource: change.tsxSource }),
      ...(change.themeId !== undefined && themeColumns(change.themeId)),
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id)))
    .returning();
  if (!row) throw statusError("emailDraftNotFound");
  return toRecord(row);
}

/** Records that send-email sent the draft (through `db`, the send's unit of work). */
export async function markDraftSent(deps: AppDeps, db: Db, projectId: string, id: string): Promise<void> {
  const { emailDrafts } = deps.store.t;
  const now = deps.clock.now();
  await db.update(emailDrafts).set({ sentAt: now, updatedAt: now }).where(and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id)));
}
