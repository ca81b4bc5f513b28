import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { ChangeAwareCache, VersionCheckedCache } from "../change-aware-cache.js";
import { batchedLookup } from "../batched-lookup.js";
import { preparedInsert } from "../prepared-insert.js";
import { flagsShape, statementsByShape } from "../statements-by-shape.js";
import type { Db, PreparableQuery, Store } from "../store.js";
import type { Tables } from "../tables.js";
import type { pgTables } from "../schema.pg.js";

export type UserRow = (typeof pgTables)["users"]["$inferSelect"];
export type ContactChannelRow = (typeof pgTables)["contactChannels"]["$inferSelect"];
export type TeamRow = (typeof pgTables)["teams"]["$inferSelect"];

/** A user with what every user view needs: the primary e-mail channel and the selected team. */
export interface UserRecord {
  user: UserRow;
  primaryEmail: ContactChannelRow | null;
  selectedTeam: TeamRow | null;
  /** Whether the user has at least one passkey. */
  hasPasskey: boolean;
  /** Whether the user has a linked provider account (only then do user views read them: one query). */
  hasOAuthAccount: boolean;
  /**
   * The user's linked provider accounts as the user object shows them; only user reads that show them
   * load them (services/oauth/user-links.ts), and only when `hasOAuthAccount` is set: absent means
   * "not loaded", which for a user without a linked account is "none".
   */
  oauthProviders?: readonly { id: string; account_id: string; email: string | null }[];
}

/**
 * A user as a page of users reads it: only what the user view prints (views/users.ts), the password
 * hash and TOTP secret as flags. A page reads 101 rows, and every cell selected costs the driver a
 * value and the mapper a store (the full record's 34 columns were most of a page's CPU).
 */
export interface ListedUserRecord extends Omit<UserRecord, "user" | "primaryEmail"> {
  user: ListedUserRow;
  primaryEmail: Pick<ContactChannelRow, "value" | "isVerified" | "usedForAuth"> | null;
}

export type ListedUserRow = Pick<
  UserRow,
  "id" | "displayName" | "profileImageUrl" | "clientMetadata" | "clientReadOnlyMetadata" | "serverMetadata" | "isAnonymous" | "otpAuthEnabled" | "selectedTeamId" | "signedUpAt" | "lastActiveAt"
> & { hasPassword: boolean; hasTotp: boolean };

/** Lookups cached per session and per refresh token (see ChangeAwareCache). */
const HOT_LOOKUP_CACHE_SIZE = 10_000;

export interface UserListOptions {
  limit?: number;
  /** Id of the first user of the page (inclusive). */
  cursor?: string;
  desc: boolean;
  query?: string;
  includeAnonymous: boolean;
  teamId?: string;
}

/**
 * The columns of a UserRecord, for queries that join `users`, its primary e-mail (joined with
 * `primaryEmailOf`) and its selected team. `hasPasskey` and `hasOAuthAccount` are computed in the same
 * query, so every user view costs one round trip (two for a user with linked provider accounts).
 */
export function userRecordColumns(t: Tables) {
  const hasPasskey = sql<boolean>`exists (select 1 from ${t.passkeys} where ${t.passkeys.userId} = ${t.users.id})`.mapWith(Boolean);
  const hasOAuthAccount = sql<boolean>`exists (select 1 from ${t.oauthAccounts} where ${t.oauthAccounts.userId} = ${t.users.id})`.mapWith(Boolean);
  return { user: t.users, primaryEmail: t.contactChannels, selectedTeam: t.teams, hasPasskey, hasOAuthAccount };
}

/** The columns of a ListedUserRecord, joined like userRecordColumns. */
function listedUserColumns(t: Tables) {
  const { users, contactChannels: channels } = t;
  const { selectedTeam, hasPasskey, hasOAuthAccount } = userRecordColumns(t);
  const user = {
    id: users.id,
    displayName: users.displayName,
    profileImageUrl: users.profileImageUrl,
    clientMetadata: users.clientMetadata,
    clientReadOnlyMetadata: users.clientReadOnlyMetadata,
    serverMetadata: users.serverMetadata,
    isAnonymous: users.isAnonymous,
    otpAuthEnabled: users.otpAuthEnabled,
    selectedTeamId: users.selectedTeamId,
    signedUpAt: users.signedUpAt,
    lastActiveAt: users.lastActiveAt,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
    hasTotp: sql<boolean>`${users.totpSecret} is not null`.mapWith(Boolean),
  };
  const primaryEmail = { value: channels.value, isVerified: channels.isVerified, usedForAuth: channels.usedForAuth };
  return { user, primaryEmail, selectedTeam, hasPasskey, hasOAuthAccount };
}

/**
 * Join condition for a user's primary e-mail channel. The constants are written into the SQL: bound as
 * parameters, they kept PostgreSQL's generic plan of a prepared statement from the partial index on
 * primary channels, so it planned every execution anew (the per-request session check spent twice as
 * long planning as running).
 */
export function primaryEmailOf(t: Tables) {
  const channels = t.contactChannels;
  return and(eq(channels.userId, t.users.id), sql`${channels.type} = 'email'`, sql`${channels.isPrimary}`);
}

export function userQueries(store: Store) {
  const { users, contactChannels: channels, teams, sessions, teamMembers } = store.t;
  const recordColumns = userRecordColumns(store.t);
  // The two statements behind every authenticated request and every refresh: prepared once. Expiry is
  // compared here rather than in SQL, because placeholders bypass drizzle's date encoding.
  const sessionRecord = (db: Db, fields: Record<string, unknown>) =>
    db
      .select(fields as typeof recordColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(channels, primaryEmailOf(store.t))
      .leftJoin(teams, eq(teams.id, users.selectedTeamId));
  const bySessionId = and(eq(sessions.id, sql.placeholder("sessionId")), eq(sessions.projectId, sql.placeholder("projectId")), eq(sessions.userId, sql.placeholder("userId")));
  const byTokenHash = and(eq(sessions.refreshTokenHash, sql.placeholder("hash")), eq(sessions.projectId, sql.placeholder("projectId")));

  // PostgreSQL: the version of every row a session's record is built from (session, user, primary
  // e-mail, selected team) and whether a passkey exists. Each request reads only this, batched with the
  // other requests of the moment (one round trip for many); the full record is read again only when
  // it differs. SQLite needs no query at all (changeMarker).
  const version = store.rowVersion
    ? sql<string>`format('%s|%s|%s|%s|%s|%s|%s|%s', ${store.rowVersion(sessions)}, ${store.rowVersion(users)}, ${channels.id}, ${store.rowVersion(channels)}, ${teams.id}, ${store.rowVersion(teams)}, ${recordColumns.hasPasskey}, ${recordColumns.hasOAuthAccount})`
    : undefined;
  const versioned = version ? { version } : {};
  const bySession = store.prepare("user_by_session", (db) =>
    sessionRecord(db, { ...recordColumns, sessionExpiresAt: sessions.expiresAt, ...versioned })
      .where(bySessionId)
      .limit(1),
  );
  const byRefreshToken = store.prepare("user_by_refresh_token", (db) =>
    sessionRecord(db, { session: sessions, ...recordColumns, ...versioned })
      .where(byTokenHash)
      .limit(1),
  );
  type SessionRow = UserRecord & { sessionExpiresAt: Date; version?: string };
  type RefreshRow = UserRecord & { session: typeof sessions.$inferSelect; version?: string };
  // What the caches keep: the answer as the lookup returns it, built once per load rather than
  // copied out of the row on every request (the cached values are frozen, so they can be shared).
  type SessionEntry = { record: UserRecord; expiresAtMs: number; version?: string };
  type RefreshEntry = { found: UserRecord & { session: typeof sessions.$inferSelect }; expiresAtMs: number; version?: string };
  type VersionRow = { key: string; projectId: string; userId: string; version: string };

  /** The versions of the sessions whose `keyColumn` is any of the given keys, in one query. */
  const versionsBy = (name: string, keyColumn: typeof sessions.id | typeof sessions.refreshTokenHash) => {
    const statement = store.prepare(`user_versions_by_${name}`, (db) =>
      sessionRecord(db, { key: keyColumn, projectId: sessions.projectId, userId: sessions.userId, version: version! }).where(
        sql`${keyColumn} = any(${sql.placeholder("keys")}::text[])`,
      ),
      { genericPlan: true },
    );
    return batchedLookup((keys) => statement.execute({ keys }) as unknown as Promise<VersionRow[]>, (row) => row.key);
  };

  const sessionCache = hotLookupCache<SessionEntry>(async (params) =>
    ((await bySession.execute(params)) as SessionRow[]).map(({ sessionExpiresAt, version, ...record }) => ({ record, expiresAtMs: sessionExpiresAt.getTime(), version })),
  );
  const refreshTokenCache = hotLookupCache<RefreshEntry>(async (params) =>
    ((await byRefreshToken.execute(params)) as RefreshRow[]).map(({ version, ...found }) => ({ found, expiresAtMs: found.session.expiresAt.getTime(), version })),
  );
  const sessionVersions = version && versionsBy("session", sessions.id);
  const refreshTokenVersions = version && versionsBy("refresh_token", sessions.refreshTokenHash);

  /**
   * A cache of one hot lookup: on SQLite reused while the database is unchanged (no query), on
   * PostgreSQL while the version check agrees, otherwise loaded every time.
   */
  function hotLookupCache<Row extends { version?: string }>(load: (params: Record<string, unknown>) => Promise<Row[]>) {
    const loadOne = async (params: Record<string, unknown>) => (await load(params))[0];
    type Lookup = (key: string, params: Record<string, unknown>, currentVersion: (() => Promise<string | undefined>) | undefined) => Promise<Row | undefined>;
    if (!version) {
      const byMarker = new ChangeAwareCache<Row>(store.changeMarker, HOT_LOOKUP_CACHE_SIZE);
      const lookup: Lookup = (key, params) => byMarker.get(key, () => loadOne(params));
      return lookup;
    }
    const byVersion = new VersionCheckedCache<Row & { version: string }>(HOT_LOOKUP_CACHE_SIZE);
    const lookup: Lookup = (key, params, currentVersion) => {
      if (!currentVersion) throw new Error("a versioned lookup needs the current version");
      return byVersion.get(key, currentVersion, () => loadOne(params) as Promise<(Row & { version: string }) | undefined>);
    };
    return lookup;
  }

  /** users ⟕ primary e-mail ⟕ selected team */
  const selectRecords = (db: Db) =>
    db
      .select(recordColumns)
      .from(users)
      .leftJoin(channels, primaryEmailOf(store.t))
      .leftJoin(teams, eq(teams.id, users.selectedTeamId));

  const insertUser = preparedInsert<UserRow>(store, users, { returning: true });
  const byId = store.prepare("user_by_id", (db) =>
    selectRecords(db)
      .where(and(eq(users.projectId, sql.placeholder("projectId")), eq(users.id, sql.placeholder("userId"))))
      .limit(1),
  );
  // The subquery's contact_channels shadows the joined one (SQL resolves names innermost first).
  const byAuthEmail = store.prepare("user_by_auth_email", (db) => {
    const projectId = sql.placeholder("projectId");
    const owner = db
      .select({ userId: channels.userId })
      .from(channels)
      .where(
        and(
          eq(channels.projectId, projectId),
          eq(channels.type, "email"),
          eq(channels.value, sql.placeholder("email")),
          eq(channels.usedForAuth, true),
          // An unverified channel that is not the primary e-mail is only a claim: it signs nobody in.
          or(eq(channels.isVerified, true), eq(channels.isPrimary, true)),
        ),
      )
      .limit(1);
    return selectRecords(db).where(and(eq(users.projectId, projectId), eq(users.id, sql`(${owner})`))).limit(1);
  });

  /** One prepared statement per combination of list options (values are placeholders). */
  const listColumns = listedUserColumns(store.t);
  const listStatement = statementsByShape<UserListOptions, ListedUserRecord[]>(
    store,
    "users_list",
    (o) => flagsShape(o.desc, o.includeAnonymous, o.teamId, o.query, o.cursor, o.limit !== undefined),
    (options, db) => {
      const projectId = sql.placeholder("projectId");
      const conditions: (SQL | undefined)[] = [eq(users.projectId, projectId)];
      if (!options.includeAnonymous) conditions.push(eq(users.isAnonymous, false));
      if (options.teamId) {
        conditions.push(sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${teamMembers.teamId} = ${sql.placeholder("teamId")})`);
      }
      if (options.query) conditions.push(matchesQuery());
      if (options.cursor) {
        const cursor = sql.placeholder("cursor");
        // The subquery's users shadows the outer one. The leading range condition lets the (project,
        // signed_up_at, id) index start at the cursor; the second one orders users who signed up in
        // the same millisecond by id.
        const at = sql`(select ${users.signedUpAt} from ${users} where ${users.projectId} = ${projectId} and ${users.id} = ${cursor})`;
        conditions.push(
          options.desc
            ? and(lte(users.signedUpAt, at), or(lt(users.signedUpAt, at), lte(users.id, cursor)))
            : and(gte(users.signedUpAt, at), or(gt(users.signedUpAt, at), gte(users.id, cursor))),
        );
      }
      const order = options.desc ? [desc(users.signedUpAt), desc(users.id)] : [asc(users.signedUpAt), asc(users.id)];
      const query = db
        .select(listColumns)
        .from(users)
        .leftJoin(channels, primaryEmailOf(store.t))
        .leftJoin(teams, eq(teams.id, users.selectedTeamId))
        .where(and(...conditions))
        .orderBy(...order)
        .$dynamic();
      return (options.limit === undefined ? query : query.limit(sql.placeholder("limit") as unknown as number)) as unknown as PreparableQuery<ListedUserRecord[]>;
    },
  );

  return {
    async find(projectId: string, userId: string, db: Db = store.db): Promise<UserRecord | undefined> {
      const [row] = await byId.execute({ projectId, userId }, db);
      return row;
    },

    /**
     * The user behind a live session (one query, or none when the database has not changed since the
     * same session was last looked up): a revoked or expired session yields nothing.
     */
    async findBySession(projectId: string, userId: string, sessionId: string, now: Date): Promise<UserRecord | undefined> {
      const currentVersion = sessionVersions
        ? async () => (await sessionVersions.get(sessionId)).find((v) => v.projectId === projectId && v.userId === userId)?.version
        : undefined;
      const entry = await sessionCache(`${projectId}:${userId}:${sessionId}`, { sessionId, projectId, userId }, currentVersion);
      if (!entry || entry.expiresAtMs <= now.getTime()) return undefined;
      return entry.record;
    },

    /** The live session with this refresh-token hash and its user, in one query. */
    async findByRefreshTokenHash(projectId: string, hash: string, now: Date): Promise<(UserRecord & { session: typeof sessions.$inferSelect }) | undefined> {
      const currentVersion = refreshTokenVersions ? async () => (await refreshTokenVersions.get(hash)).find((v) => v.projectId === projectId)?.version : undefined;
      const entry = await refreshTokenCache(`${projectId}:${hash}`, { hash, projectId }, currentVersion);
      if (!entry || entry.expiresAtMs <= now.getTime()) return undefined;
      return entry.found;
    },

    /**
     * The user who signs in with this e-mail (the channel used for auth, when verified or primary), if
     * any: one prepared query.
     */
    async findByAuthEmail(projectId: string, email: string, db: Db = store.db): Promise<UserRecord | undefined> {
      const [row] = await byAuthEmail.execute({ projectId, email }, db);
      return row;
    },

    async insert(row: typeof users.$inferInsert, db: Db = store.db): Promise<UserRow> {
      const [created] = await insertUser(row, db);
      return created!;
    },

    async update(projectId: string, userId: string, patch: Partial<typeof users.$inferInsert>, db: Db = store.db) {
      const updated = await db.update(users).set(patch).where(and(eq(users.projectId, projectId), eq(users.id, userId))).returning({ id: users.id });
      return updated.length > 0;
    },

    async delete(projectId: string, userId: string, db: Db = store.db) {
      const deleted = await db.delete(users).where(and(eq(users.projectId, projectId), eq(users.id, userId))).returning({ id: users.id });
      return deleted.length > 0;
    },

    /**
     * A page of users ordered by sign-up time (then id), starting at the cursor user (an unknown
     * cursor gives an empty page). Fetches one row more than asked to know the next cursor. A page
     * costs one prepared query.
     */
    async list(projectId: string, options: UserListOptions, db: Db = store.db): Promise<{ records: ListedUserRecord[]; nextCursor: string | null }> {
      const params: Record<string, unknown> = { projectId, cursor: options.cursor, teamId: options.teamId, limit: options.limit === undefined ? undefined : options.limit + 1 };
      if (options.query) Object.assign(params, searchParams(options.query));
      const rows = await listStatement(options).execute(params, db);
      if (options.limit === undefined || rows.length <= options.limit) return { records: rows, nextCursor: null };
      return { records: rows.slice(0, options.limit), nextCursor: rows[options.limit]!.user.id };
    },
  };

  /** Free-text search: exact id, or a case-insensitive substring of the display name or of any e-mail. */
  function matchesQuery(): SQL {
    const pattern = sql.placeholder("pattern");
    return or(
      eq(users.id, sql.placeholder("idCandidate")),
      sql`lower(${users.displayName}) like ${pattern} escape '\\'`,
      sql`exists (select 1 from ${channels} where ${channels.userId} = ${users.id} and ${channels.value} like ${pattern} escape '\\')`,
    )!;
  }
}

/** The values `matchesQuery` compares with: a LIKE pattern (with its wildcards escaped) and an id. */
function searchParams(text: string) {
  return {
    pattern: `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    idCandidate: text.replace(/[^a-zA-Z0-9-_.]/g, ""),
  };
}

export type UserQueries = ReturnType<typeof userQueries>;
