/**
 * The statements of a user import (services/users-import/import.ts): one lookup per kind for a whole batch (which ids, sign-in e-mails,
 * provider accounts and teams exist already), then multi-row inserts, so that a batch of 500 users
 * costs a handful of round trips rather than thousands.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { OAuthAccountRow } from "./oauth.js";
import type { ContactChannelRow, TeamRow, UserRow } from "./users.js";
import type { Db, Store } from "../store.js";

/** What an import batch wrote, as stored. */
export interface ImportedRows {
  teams: TeamRow[];
  users: UserRow[];
  channels: ContactChannelRow[];
  oauthAccounts: OAuthAccountRow[];
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_CHUNK = 500;

export function usersImportQueries(store: Store) {
  const t = store.t;
  type Insert<K extends keyof typeof t> = (typeof t)[K] extends { $inferInsert: infer R } ? R : never;

  async function insertChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await write(rows.slice(i, i + INSERT_CHUNK));
  }

  return {
    /** The project of each given user id that exists (ids are unique across projects). */
    async usersById(ids: readonly string[], db: Db = store.db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: t.users.id, projectId: t.users.projectId }).from(t.users).where(inArray(t.users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.projectId]));
    },

    /** The user signing in with each given e-mail in the project. */
    async authEmailOwners(projectId: string, emails: readonly string[], db: Db = store.db): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const c = t.contactChannels;
      const rows = await db
        .select({ value: c.value, userId: c.userId })
        .from(c)
        .where(and(eq(c.projectId, projectId), sql`${c.type} = 'email'`, sql`${c.usedForAuth}`, inArray(c.value, [...emails])));
      return new Map(rows.map((r) => [r.value, r.userId]));
    },

    /** The user each signing-in provider account (`provider\u0000account`) belongs to. */
    async oauthOwners(projectId: string, providers: readonly string[], accountIds: readonly string[], db: Db = store.db): Promise<Map<string, string>> {
      if (accountIds.length === 0) return new Map();
      const a = t.oauthAccounts;
      const rows = await db
        .select({ provider: a.providerConfigId, account: a.providerAccountId, userId: a.userId })
        .from(a)
        .where(and(eq(a.projectId, projectId), inArray(a.providerConfigId, [...providers]), inArray(a.providerAccountId, [...accountIds]), sql`${a.allowSignIn}`));
      return new Map(rows.map((r) => [`${r.provider}\u0000${r.account}`, r.userId]));
    },

    /** The project of each given team id that exists. */
    async teamsById(ids: readonly string[], db: Db = store.db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: t.teams.id, projectId: t.teams.projectId }).from(t.teams).where(inArray(t.teams.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.projectId]));
    },

    /**
     * Writes a batch's rows; answers the teams, users, primary e-mails and provider accounts written, as
     * stored (for the events of the import). A team that exists already is skipped, as are memberships and
     * grants that exist.
     */
    async insert(
      rows: {
        teams: Insert<"teams">[];
        users: Insert<"users">[];
        channels: Insert<"contactChannels">[];
        oauthAccounts: Insert<"oauthAccounts">[];
        members: Insert<"teamMembers">[];
        teamPermissions: Insert<"teamPermissions">[];
        projectPermissions: Insert<"projectPermissions">[];
      },
      db: Db,
    ): Promise<ImportedRows> {
      const written: ImportedRows = { teams: [], users: [], channels: [], oauthAccounts: [] };
      await insertChunks(rows.teams, async (chunk) => written.teams.push(...(await db.insert(t.teams).values(chunk).onConflictDoNothing().returning())));
      await insertChunks(rows.users, async (chunk) => written.users.push(...(await db.insert(t.users).values(chunk).returning())));
      await insertChunks(rows.channels, async (chunk) => written.channels.push(...(await db.insert(t.contactChannels).values(chunk).returning())));
      await insertChunks(rows.oauthAccounts, async (chunk) => written.oauthAccounts.push(...(await db.insert(t.oauthAccounts).values(chunk).returning())));
      await insertChunks(rows.members, (chunk) => db.insert(t.teamMembers).values(chunk).onConflictDoNothing());
      await insertChunks(rows.teamPermissions, (chunk) => db.insert(t.teamPermissions).values(chunk).onConflictDoNothing());
      await insertChunks(rows.projectPermissions, (chunk) => db.insert(t.projectPermissions).values(chunk).onConflictDoNothing());
      return written;
    },
  };
}

export type UsersImportQueries = ReturnType<typeof usersImportQueries>;
export type ImportRows = Parameters<UsersImportQueries["insert"]>[0];
