import { and, asc, eq, sql } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import { flagsShape, statementsByShape } from "../statements-by-shape.js";
import type { Db, Store } from "../store.js";

type TeamFilter = { teamId?: string; userId?: string };

/** A permission a member holds in a team (granted directly, or contained in one that is). */
export interface TeamGrant {
  permissionId: string;
  userId: string;
  teamId: string;
}

/** A permission a user holds in the project. */
export interface ProjectGrant {
  permissionId: string;
  userId: string;
}

export function permissionQueries(store: Store) {
  const { teamPermissions: team, projectPermissions: project } = store.t;
  // Sign-ups and team creations grant defaults: prepared like every hot insert.
  const insertTeamGrant = preparedInsert(store, team, { returning: false, ignoreConflicts: true });
  const insertProjectGrant = preparedInsert(store, project, { returning: false, ignoreConflicts: true });
  // Permission checks (`hasPermission` in the SDKs) read these on every call: prepared per filter shape.
  const teamGrants = statementsByShape<TeamFilter, { teamId: string; userId: string; permissionId: string }[]>(
    store,
    "team_grants",
    (f) => flagsShape(f.teamId, f.userId),
    (filter, db) =>
      db
        .select({ teamId: team.teamId, userId: team.userId, permissionId: team.permissionId })
        .from(team)
        .where(
          and(
            eq(team.projectId, sql.placeholder("projectId")),
            filter.teamId ? eq(team.teamId, sql.placeholder("teamId")) : undefined,
            filter.userId ? eq(team.userId, sql.placeholder("userId")) : undefined,
          ),
        )
        .orderBy(asc(team.teamId), asc(team.userId), asc(team.permissionId)),
  );
  const projectGrants = statementsByShape<{ userId?: string }, { userId: string; permissionId: string }[]>(
    store,
    "project_grants",
    (f) => flagsShape(f.userId),
    (filter, db) =>
      db
        .select({ userId: project.userId, permissionId: project.permissionId })
        .from(project)
        .where(and(eq(project.projectId, sql.placeholder("projectId")), filter.userId ? eq(project.userId, sql.placeholder("userId")) : undefined))
        .orderBy(asc(project.userId), asc(project.permissionId)),
  );
  return {
    async teamGrants(projectId: string, filter: TeamFilter, db: Db = store.db) {
      return teamGrants(filter).execute({ projectId, teamId: filter.teamId, userId: filter.userId }, db);
    },
    async grantTeam(projectId: string, teamId: string, userId: string, permissionId: string, now: Date, db: Db = store.db) {
      await insertTeamGrant({ projectId, teamId, userId, permissionId, createdAt: now }, db);
    },
    async revokeTeam(projectId: string, teamId: string, userId: string, permissionId: string, db: Db = store.db) {
      const deleted = await db
        .delete(team)
        .where(and(eq(team.projectId, projectId), eq(team.teamId, teamId), eq(team.userId, userId), eq(team.permissionId, permissionId)))
        .returning({ id: team.permissionId });
      return deleted.length > 0;
    },
    async projectGrants(projectId: string, userId: string | undefined, db: Db = store.db) {
      return projectGrants({ userId }).execute({ projectId, userId }, db);
    },
    async grantProject(projectId: string, userId: string, permissionId: string, now: Date, db: Db = store.db) {
      await insertProjectGrant({ projectId, userId, permissionId, createdAt: now }, db);
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
