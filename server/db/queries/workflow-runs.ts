import { and, desc, eq, lt } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type WorkflowRunRow = (typeof pgTables)["workflowRuns"]["$inferSelect"];
export type NewWorkflowRunRow = (typeof pgTables)["workflowRuns"]["$inferInsert"];

/** The workflow run log (tables/workflows.ts); every query is scoped to its project. */
export function workflowRunQueries(store: Store) {
  const { workflowRuns: runs } = store.t;
  return {
    /** The runs of one event's outbox row (one per workflow that ran on it so far). */
    async ofOutboxRow(projectId: string, outboxId: string): Promise<WorkflowRunRow[]> {
      return store.db.select().from(runs).where(and(eq(runs.projectId, projectId), eq(runs.outboxId, outboxId)));
    },
    async insert(row: NewWorkflowRunRow, db: Db = store.db): Promise<void> {
      await db.insert(runs).values(row);
    },
    async update(projectId: string, id: string, patch: Partial<NewWorkflowRunRow>, db: Db = store.db): Promise<void> {
      await db.update(runs).set(patch).where(and(eq(runs.projectId, projectId), eq(runs.id, id)));
    },
    /** The newest runs first, optionally of one workflow; `before`: older than this time (paging). */
    async list(projectId: string, options: { workflowId?: string; limit: number; before?: Date }): Promise<WorkflowRunRow[]> {
      const where = [eq(runs.projectId, projectId)];
      if (options.workflowId !== undefined) where.push(eq(runs.workflowId, options.workflowId));
      if (options.before) where.push(lt(runs.createdAt, options.before));
      return store.db.select().from(runs).where(and(...where)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(options.limit);
    },
    /** The run holding a workflow token (by its hash), in this project only. */
    async findByTokenHash(projectId: string, tokenHash: string): Promise<Pick<WorkflowRunRow, "id" | "tokenExpiresAt"> | undefined> {
      const [row] = await store.db
        .select({ id: runs.id, tokenExpiresAt: runs.tokenExpiresAt })
        .from(runs)
        .where(and(eq(runs.projectId, projectId), eq(runs.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },
  };
}
