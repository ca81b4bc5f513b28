import { and, asc, count, eq } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import { primaryEmailOf, userRecordColumns, type TeamRow, type UserRecord } from "./users.js";
import type { pgTables } from "../schema.pg.js";

export type TeamMemberRow = (typeof pgTables)["teamMembers"]["$inferSelect"];

/** A membership with its user, as member profiles need it. */
export interface MemberRecord extends UserRecord {
  member: TeamMemberRow;
}

export function teamQueries(store: Store) {
  const { teams, teamMembers: members, users, contactChannels: channels } = store.t;
  const scoped = (projectId: string, teamId: string) => and(eq(teams.projectId, projectId), eq(teams.id, teamId));
  const memberOf = (projectId: string, teamId: string, userId: string) =>
    and(eq(members.projectId, projectId), eq(members.teamId, teamId), eq(members.userId, userId));

  const insertTeam = preparedInsert<TeamRow>(store, teams, { returning: true });
  const insertMember = preparedInsert(store, members, { returning: false });

  return {
    async find(projectId: string, teamId: string, db: Db = store.db) {
      const [row] = await db.select().from(teams).where(scoped(projectId, teamId)).limit(1);
      return row;
    },
    /** Oldest first; with a user id, only the teams that user belongs to. */
    async list(projectId: string, filter: { userId?: string }, db: Db = store.db) {
      const order = [asc(teams.createdAt), asc(teams.id)];
      if (filter.userId === undefined) return db.select().from(teams).where(eq(teams.projectId, projectId)).orderBy(...order);
      const rows = await db
        .select({ team: teams })
        .from(teams)
        .innerJoin(members, and(eq(members.teamId, teams.id), eq(members.userId, filter.userId)))
        .where(eq(teams.projectId, projectId))
        .orderBy(...order);
      return rows.map((r) => r.team);
    },
    async insert(row: typeof teams.$inferInsert, db: Db = store.db) {
      const [created] = await insertTeam(row, db);
      return created!;
    },
    async update(projectId: string, teamId: string, patch: Partial<typeof teams.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(teams).set(patch).where(scoped(projectId, teamId)).returning();
      return updated;
    },
    /** Deletes the team; its memberships, their permissions and the team's codes and keys go with it. */
    async delete(projectId: string, teamId: string, db: Db = store.db) {
      const deleted = await db.delete(teams).where(scoped(projectId, teamId)).returning({ id: teams.id });
      return deleted.length > 0;
    },
    /** Unselects the team for every user of the project who had it selected (or only for `userId`). */
    async clearSelection(projectId: string, teamId: string, userId?: string, db: Db = store.db) {
      await db
        .update(users)
        .set({ selectedTeamId: null })
        .where(and(eq(users.projectId, projectId), eq(users.selectedTeamId, teamId), userId === undefined ? undefined : eq(users.id, userId)));
    },
    async addMember(row: typeof members.$inferInsert, db: Db = store.db) {
      await insertMember(row, db);
    },
    /** Removes a membership (its permissions go with it); false when there was none. */
    async removeMember(projectId: string, teamId: string, userId: string, db: Db = store.db) {
      const deleted = await db.delete(members).where(memberOf(projectId, teamId, userId)).returning({ userId: members.userId });
      return deleted.length > 0;
    },
    async isMember(projectId: string, teamId: string, userId: string, db: Db = store.db) {
      const [row] = await db.select({ userId: members.userId }).from(members).where(memberOf(projectId, teamId, userId)).limit(1);
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
    /**
     * Memberships with their users (primary e-mail and selected team included), oldest membership first;
     * filtered by team, by user, or both.
     */
    async memberRecords(projectId: string, filter: { teamId?: string; userId?: string }, db: Db = store.db): Promise<MemberRecord[]> {
      return db
        .select({ member: members, ...userRecordColumns(store.t) })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .leftJoin(channels, primaryEmailOf(store.t))
        .leftJoin(teams, eq(teams.id, users.selectedTeamId))
        .where(
          and(
            eq(members.projectId, projectId),
            filter.teamId === undefined ? undefined : eq(members.teamId, filter.teamId),
            filter.userId === undefined ? undefined : eq(members.userId, filter.userId),
          ),
        )
        .orderBy(asc(members.createdAt), asc(members.userId));
    },
    /** Changes a member's per-team profile; false when there is no such membership. */
    async updateMember(projectId: string, teamId: string, userId: string, patch: { displayName?: string; profileImageUrl?: string | null }, db: Db = store.db) {
      const updated = await db.update(members).set(patch).where(memberOf(projectId, teamId, userId)).returning({ userId: members.userId });
      return updated.length > 0;
    },
    async memberCount(projectId: string, teamId: string, db: Db = store.db): Promise<number> {
      const [row] = await db.select({ members: count() }).from(members).where(and(eq(members.projectId, projectId), eq(members.teamId, teamId)));
      return row?.members ?? 0;
    },
    /**
     * Holds the team's row until the transaction `db` ends. PostgreSQL: `for no key update`, so that a
     * second transaction doing the same waits for the first to commit, while inserts that only reference
     * the team (memberships, permissions) do not. SQLite: nothing to do, the transaction (BEGIN IMMEDIATE
     * on the one connection) already excludes every other writer.
     */
    async lock(projectId: string, teamId: string, db: Db): Promise<void> {
      if (store.dialect !== "postgres") return;
      await db.select({ id: teams.id }).from(teams).where(scoped(projectId, teamId)).for("no key update");
    },
  };
}
