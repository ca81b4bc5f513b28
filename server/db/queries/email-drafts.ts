/** E-mail drafts (services/email/catalogue/drafts.ts): a draft's theme is stored as an id plus a "no theme" flag. */
import { and, desc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

type EmailDraftRow = (typeof pgTables)["emailDrafts"]["$inferSelect"];

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

/** The columns a draft writes: its content and theme (an id, false for none, null for the project's selected theme). */
export interface DraftColumns {
  displayName?: string;
  tsxSource?: string;
  themeId?: string | false | null;
}

function toRecord(row: EmailDraftRow): DraftRecord {
  const { noTheme, themeId, ...rest } = row;
  return { ...rest, themeId: noTheme ? false : (themeId ?? undefined) };
}

function themeColumns(themeId: string | false | null) {
  return { themeId: themeId === false ? null : themeId, noTheme: themeId === false };
}

export function emailDraftQueries(store: Store) {
  const { emailDrafts } = store.t;
  const byId = (projectId: string, id: string) => and(eq(emailDrafts.projectId, projectId), eq(emailDrafts.id, id));
  return {
    /** Newest first. */
    async list(projectId: string): Promise<DraftRecord[]> {
      const rows = await store.db.select().from(emailDrafts).where(eq(emailDrafts.projectId, projectId)).orderBy(desc(emailDrafts.createdAt), desc(emailDrafts.id));
      return rows.map(toRecord);
    },
    async find(projectId: string, id: string, db: Db = store.db): Promise<DraftRecord | undefined> {
      const [row] = await db.select().from(emailDrafts).where(byId(projectId, id)).limit(1);
      return row && toRecord(row);
    },
    async insert(draft: { id: string; projectId: string; displayName: string; tsxSource: string; themeId: string | false | null; now: Date }): Promise<DraftRecord> {
      const [row] = await store.db
        .insert(emailDrafts)
        .values({
          id: draft.id,
          projectId: draft.projectId,
          displayName: draft.displayName,
          tsxSource: draft.tsxSource,
          ...themeColumns(draft.themeId),
          sentAt: null,
          createdAt: draft.now,
          updatedAt: draft.now,
        })
        .returning();
      return toRecord(row!);
    },
    /** Changes the given columns; undefined when the project has no such draft. */
    async update(projectId: string, id: string, change: DraftColumns, now: Date): Promise<DraftRecord | undefined> {
      const [row] = await store.db
        .update(emailDrafts)
        .set({
          ...(change.displayName !== undefined && { displayName: change.displayName }),
          ...(change.tsxSource !== undefined && { tsxSource: change.tsxSource }),
          ...(change.themeId !== undefined && themeColumns(change.themeId)),
          updatedAt: now,
        })
        .where(byId(projectId, id))
        .returning();
      return row && toRecord(row);
    },
    async markSent(projectId: string, id: string, now: Date, db: Db): Promise<void> {
      await db.update(emailDrafts).set({ sentAt: now, updatedAt: now }).where(byId(projectId, id));
    },
  };
}
