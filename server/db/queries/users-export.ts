/**
 * The reads of a users export (services/users-export/export.ts): a page of a project's users (without
 * anonymous ones) in id order, and what those users hold, in five more queries run together.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Store } from "../store.js";

export function usersExportQueries(store: Store) {
  const t = store.t;
  const db = store.db;
  return {
    /** Up to `limit` users of the project after `after` (by id), with their primary e-mails, provider accounts, teams and permissions. */
    async page(projectId: string, after: string, limit: number) {
      const users = await db
        .select()
        .from(t.users)
        .where(and(eq(t.users.projectId, projectId), gt(t.users.id, after), sql`not ${t.users.isAnonymous}`))
        .orderBy(asc(t.users.id))
        .limit(limit);
      if (users.length === 0) return null;
      const ids = users.map((u) => u.id);
      const c = t.contactChannels;
      const [emails, accounts, memberships, teamGrants, projectGrants] = await Promise.all([
        db.select().from(c).where(and(eq(c.projectId, projectId), inArray(c.userId, ids), sql`${c.isPrimary}`, sql`${c.type} = 'email'`)),
        db.select().from(t.oauthAccounts).where(and(eq(t.oauthAccounts.projectId, projectId), inArray(t.oauthAccounts.userId, ids))).orderBy(asc(t.oauthAccounts.createdAt), asc(t.oauthAccounts.id)),
        db
          .select({ userId: t.teamMembers.userId, teamId: t.teams.id, displayName: t.teams.displayName })
          .from(t.teamMembers)
          .innerJoin(t.teams, eq(t.teams.id, t.teamMembers.teamId))
          .where(and(eq(t.teamMembers.projectId, projectId), inArray(t.teamMembers.userId, ids)))
          .orderBy(asc(t.teamMembers.createdAt), asc(t.teams.id)),
        db
          .select({ userId: t.teamPermissions.userId, teamId: t.teamPermissions.teamId, permissionId: t.teamPermissions.permissionId })
          .from(t.teamPermissions)
          .where(and(eq(t.teamPermissions.projectId, projectId), inArray(t.teamPermissions.userId, ids)))
          .orderBy(asc(t.teamPermissions.permissionId)),
        db
          .select({ userId: t.projectPermissions.userId, permissionId: t.projectPermissions.permissionId })
          .from(t.projectPermissions)
          .where(and(eq(t.projectPermissions.projectId, projectId), inArray(t.projectPermissions.userId, ids)))
          .orderBy(asc(t.projectPermissions.permissionId)),
      ]);
      return { users, emails, accounts, memberships, teamGrants, projectGrants };
    },
  };
}
