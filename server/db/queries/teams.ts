import { and, asc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function teamQueries(store: Store) {
  const { teams, teamMembers: members } = store.t;
  return {
    async find(projectId: string, teamId: string, db: Db = store.db) {
      const [row] = await db.select().from(teams).where(and(eq(teams.projectId, projectId), eq(teams.id, teamId))).limit(1);
      return row;
    },
    async insert(row: typeof teams.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(teams).values(row).returning();
      return created!;
    },
    async addMember(row: typeof members.$inferInsert, db: Db = store.db) {
      await db.insert(members).values(row);
    },
    async isMember(projectId: string, teamId: string, userId: string, db: Db = store.db) {
      const [row] = await db
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.projectId, projectId), eq(members.teamId, teamId), eq(members.userId, userId)))
        .limit(1);
      return row !== undefined;
    },
    /** Team ids the user belongs to, oldest membership first. */
    async teamIdsOfUser(projectId: string, userId: string, db: Db = store.db) {
      const rows = await db
        .select({ teamId: members.teamId })
        .from(members)
        .where(and(eq(members.projectId, projectId), eq(members.userId, userId)))
        .orderBy(asc(members.createdAt));
      return rows.map((r) => r.teamId);
    },
  };
}
