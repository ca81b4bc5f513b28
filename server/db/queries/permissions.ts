import { and, asc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function permissionQueries(store: Store) {
  const { teamPermissions: team, projectPermissions: project } = store.t;
  return {
    async teamGrants(projectId: string, filter: { teamId?: string; userId?: string }, db: Db = store.db) {
      return db
        .select({ teamId: team.teamId, userId: team.userId, permissionId: team.permissionId })
        .from(team)
        .where(and(eq(team.projectId, projectId), filter.teamId ? eq(team.teamId, filter.teamId) : undefined, filter.userId ? eq(team.userId, filter.userId) : undefined))
        .orderBy(asc(team.teamId), asc(team.userId), asc(team.permissionId));
    },
    async grantTeam(projectId: string, teamId: string, userId: string, permissionId: string, now: Date, db: Db = store.db) {
      await db.insert(team).values({ projectId, teamId, userId, permissionId, createdAt: now }).onConflictDoNothing();
    },
    async revokeTeam(projectId: string, teamId: string, userId: string, permissionId: string, db: Db = store.db) {
      const deleted = await db
        .delete(team)
        .where(and(eq(team.projectId, projectId), eq(team.teamId, teamId), eq(team.userId, userId), eq(team.permissionId, permissionId)))
        .returning({ id: team.permissionId });
      return deleted.length > 0;
    },
    async projectGrants(projectId: string, userId: string | undefined, db: Db = store.db) {
      return db
        .select({ userId: project.userId, permissionId: project.permissionId })
        .from(project)
        .where(and(eq(project.projectId, projectId), userId ? eq(project.userId, userId) : undefined))
        .orderBy(asc(project.userId), asc(project.permissionId));
    },
    async grantProject(projectId: string, userId: string, permissionId: string, now: Date, db: Db = store.db) {
      await db.insert(project).values({ projectId, userId, permissionId, createdAt: now }).onConflictDoNothing();
    },
    async revokeProject(projectId: string, userId: string, permissionId: string, db: Db = store.db) {
      const deleted = await db
        .delete(project)
        .where(and(eq(project.projectId, projectId), eq(project.userId, userId), eq(project.permissionId, permissionId)))
        .returning({ id: project.permissionId });
      return deleted.length > 0;
    },
    /** Moves every grant of a renamed permission to its new id. */
    async renameGrants(projectId: string, scope: "team" | "project", from: string, to: string, db: Db = store.db) {
      const table = scope === "team" ? team : project;
      await db.update(table).set({ permissionId: to }).where(and(eq(table.projectId, projectId), eq(table.permissionId, from)));
    },
    async deleteGrants(projectId: string, scope: "team" | "project", permissionId: string, db: Db = store.db) {
      const table = scope === "team" ? team : project;
      await db.delete(table).where(and(eq(table.projectId, projectId), eq(table.permissionId, permissionId)));
    },
  };
}
