/** The local inbox's kept mails (services/email/local-inbox.ts), bounded per project by count and by age. */
import { and, desc, eq, gte, inArray, lt, notInArray } from "drizzle-orm";
import type { Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type LocalInboxRow = (typeof pgTables)["localInboxEmails"]["$inferSelect"];

export function localInboxQueries(store: Store) {
  const t = store.t.localInboxEmails;
  return {
    /**
     * Keeps a mail, then, in the same transaction, removes the project's mails created before `oldestKept`
     * and all but its newest `limit`.
     */
    async keep(row: LocalInboxRow, bounds: { oldestKept: Date; limit: number }): Promise<void> {
      const { projectId } = row;
      await store.transaction(async (tx) => {
        await tx.insert(t).values(row);
        await tx.delete(t).where(and(eq(t.projectId, projectId), lt(t.createdAt, bounds.oldestKept)));
        const newest = tx.select({ id: t.id }).from(t).where(eq(t.projectId, projectId)).orderBy(desc(t.createdAt), desc(t.id)).limit(bounds.limit);
        const keep = (await newest).map((r) => r.id);
        if (keep.length === bounds.limit) await tx.delete(t).where(and(eq(t.projectId, projectId), notInArray(t.id, keep)));
      });
    },
    /** The project's mails created at or after `oldestKept`, newest first. */
    async list(projectId: string, oldestKept: Date, limit: number) {
      return store.db
        .select({ id: t.id, to: t.to, subject: t.subject, createdAt: t.createdAt })
        .from(t)
        .where(and(eq(t.projectId, projectId), gte(t.createdAt, oldestKept)))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(limit);
    },
    async find(projectId: string, id: string, oldestKept: Date): Promise<LocalInboxRow | undefined> {
      const [row] = await store.db
        .select()
        .from(t)
        .where(and(eq(t.projectId, projectId), eq(t.id, id), gte(t.createdAt, oldestKept)));
      return row;
    },
    async deleteAll(projectId: string): Promise<void> {
      await store.db.delete(t).where(eq(t.projectId, projectId));
    },
    /** Removes up to 1000 mails (of any project) created before `oldestKept`; answers how many. */
    async prune(oldestKept: Date): Promise<number> {
      const old = await store.db.select({ id: t.id }).from(t).where(lt(t.createdAt, oldestKept)).limit(1000);
      if (old.length === 0) return 0;
      await store.db.delete(t).where(inArray(t.id, old.map((r) => r.id)));
      return old.length;
    },
  };
}
