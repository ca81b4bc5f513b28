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
   * load them (services/oauth/user-links.ts), so absent means "not loaded", not "none".
   */
  oauthProviders?: readonly { id: string; account_id: string; email: string | null }[];
}

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

  const sessionCache = hotLookupCache<SessionRow>((params) => bySession.execute(params) as Promise<SessionRow[]>);
  const refreshTokenCache = hotLookupCache<RefreshRow>((params) => byRefreshToken.execute(params) as Promise<RefreshRow[]>);
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
  const listStatement = statementsByShape<UserListOptions, UserRecord[]>(
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
      const query = selectRecords(db).where(and(...conditions)).orderBy(...order).$dynamic();
      return (options.limit === undefined ? query : query.limit(sql.placeholder("limit") as unknown as number)) as unknown as PreparableQuery<UserRecord[]>;
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
      const row = await sessionCache(`${projectId}:${userId}:${sessionId}`, { sessionId, projectId, userId }, currentVersion);
      if (!row || row.sessionExpiresAt <= now) return undefined;
      const { sessionExpiresAt: _expiry, version: _version, ...record } = row;
      return record;
    },

    /** The live session with this refresh-token hash and its user, in one query. */
    async findByRefreshTokenHash(projectId: string, hash: string, now: Date): Promise<(UserRecord & { session: typeof sessions.$inferSelect }) | undefined> {
      const currentVersion = refreshTokenVersions ? async () => (await refreshTokenVersions.get(hash)).find((v) => v.projectId === projectId)?.version : undefined;
      const row = await refreshTokenCache(`${projectId}:${hash}`, { hash, projectId }, currentVersion);
      if (!row || row.session.expiresAt <= now) return undefined;
      const { version: _version, ...found } = row;
      return found;
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
    async list(projectId: string, options: UserListOptions, db: Db = store.db): Promise<{ records: UserRecord[]; nextCursor: string | null }> {
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
