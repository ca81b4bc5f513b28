/**
 * Importing users from a file (read.ts) into a project, in batches of 500 lines, each written in one
 * transaction: teams, users, primary e-mails, provider accounts, memberships and permissions.
 *
 * Resuming: every user has a stable id (the file's, or one derived from the project and the e-mail,
 * format.ts), and a batch first looks up which of its ids exist. A line whose user exists is counted as
 * already imported and left alone, so after an interruption (even kill -9: a batch commits whole or
 * not at all) running the same import again writes exactly the rest. No checkpoint file is needed.
 *
 * Imported users are written as a migration, not as sign-ups: no personal teams, no sign-up default
 * permissions; they hold what the file says. Each batch records its users' events in its transaction as
 * a server creating them would (users/write-imported.ts), for webhooks and the audit log.
 *
 * Foreign password hashes are kept as they are (foreign-hashes.ts) and replaced with argon2id at each
 * user's first sign-in. A hash cheaper than
 * the minimum of its kind (passwords/hash-strength.ts) rejects its line, unless weak hashes are
 * allowed: then it is imported and reported (onWeakHash).
 *
 * A dry run reads, checks and looks up exactly as an import does, and writes nothing: the counts say
 * what an import would do (plain passwords are not hashed; nothing else is skipped).
 */
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { renderProjectConfig } from "../config/project-config.js";
import { hashPassword } from "../passwords.js";
import { ForeignHashError, storedFormOf, type FirebaseScryptParameters } from "../passwords/foreign-hashes.js";
import { weakHashReason } from "../passwords/hash-strength.js";
import { definitionExists } from "../permissions/definitions.js";
import type { ImportUser } from "./format.js";
import type { FileRecord } from "./read.js";
import type { ImportRows } from "../../db/queries/users-import.js";
import { writeImportedUsers } from "../users/write-imported.js";

export const DEFAULT_BATCH_SIZE = 500;

export interface ImportOptions {
  batchSize?: number;
  /** For Firebase scrypt hashes: the Firebase project's hash parameters. */
  firebase?: FirebaseScryptParameters | null;
  /** Import hashes below the minimum of their kind instead of rejecting their lines. */
  allowWeakHashes?: boolean;
  /** Check and count everything, write nothing. */
  dryRun?: boolean;
  /** Each user written (or, in a dry run, that would be), once its batch is done. */
  onImported?: (user: ImportUser) => void;
  /** Each line imported with a hash below the minimum (allowWeakHashes), and why. */
  onWeakHash?: (line: number, reason: string) => void;
  /** After each batch commits. */
  onBatch?: (counts: ImportCounts) => void;
  /** Each rejected line, in file order. */
  onReject?: (line: number, reason: string) => void;
}

export interface ImportCounts {
  /** Lines with a user, read so far. */
  read: number;
  /** Users written (in a dry run: that would be). */
  imported: number;
  /** Of those, users whose password hash is below the minimum (only with allowWeakHashes). */
  weakHashes: number;
  /** Users present from an earlier run (or an earlier line with the same id): left as they are. */
  alreadyPresent: number;
  rejected: number;
  teamsCreated: number;
}

interface Prepared {
  user: ImportUser;
  passwordHash: string | null;
  weakHash: string | null;
}

/** Ids, sign-in e-mails and provider accounts taken by lines (the line that took each), and teams they create. */
function newTaken() {
  return { ids: new Map<string, number>(), emails: new Map<string, number>(), accounts: new Map<string, number>(), teams: new Set<string>() };
}

export async function importUsers(deps: AppDeps, project: ProjectRow, records: AsyncIterable<FileRecord>, options: ImportOptions = {}): Promise<ImportCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const counts: ImportCounts = { read: 0, imported: 0, weakHashes: 0, alreadyPresent: 0, rejected: 0, teamsCreated: 0 };
  // Rejections are reported in file order: those of a batch come out once it is written.
  let rejections: { line: number; reason: string }[] = [];
  const reject = (line: number, reason: string) => {
    counts.rejected++;
    rejections.push({ line, reason });
  };
  const report = () => {
    for (const r of rejections.sort((a, b) => a.line - b.line)) options.onReject?.(r.line, r.reason);
    rejections = [];
  };
  const writer = batchWriter(deps, project, options, counts, reject);
  let batch: ImportUser[] = [];
  for await (const record of records) {
    counts.read++;
    if ("error" in record) reject(record.line, record.error);
    else batch.push(record.user);
    // Many rejected lines in a row write the batch early, so that memory stays bounded.
    if (batch.length >= batchSize || rejections.length >= 10 * batchSize) {
      await writer(batch);
      batch = [];
      report();
      options.onBatch?.({ ...counts });
    }
  }
  if (batch.length > 0) await writer(batch);
  report();
  options.onBatch?.({ ...counts });
  return counts;
}

function batchWriter(deps: AppDeps, project: ProjectRow, options: ImportOptions, counts: ImportCounts, reject: (line: number, reason: string) => void) {
  const statements = deps.queries.usersImport;
  const config = renderProjectConfig(project);
  const firebase = options.firebase ?? null;
  const dryRun = options.dryRun ?? false;
  /**
   * What earlier batches took. An import finds it in the database; a dry run, which writes nothing,
   * carries it from batch to batch instead.
   */
  const carried = dryRun ? newTaken() : null;

  /** Checks that need no database (permissions are defined). Returns the reason to reject, if any. */
  function checkAlone(user: ImportUser): string | null {
    for (const team of user.teams) {
      const unknown = team.permissions.find((p) => !definitionExists(config, "team", p));
      if (unknown) return `teams: ${JSON.stringify(unknown)} is not a team permission of this project`;
    }
    const unknown = user.projectPermissions.find((p) => !definitionExists(config, "project", p));
    if (unknown) return `project_permissions: ${JSON.stringify(unknown)} is not a project permission of this project`;
    return null;
  }

  /** The hash to store, and why it is weak when it is (allowed). Throws ForeignHashError. */
  async function passwordHashOf(user: ImportUser): Promise<{ hash: string | null; weak: string | null }> {
    if (user.password) return { hash: dryRun ? null : await hashPassword(user.password), weak: null };
    if (!user.passwordHash) return { hash: null, weak: null };
    const hash = storedFormOf(user.passwordHash, firebase);
    const weak = weakHashReason(hash);
    if (weak && !options.allowWeakHashes) throw new ForeignHashError(`${weak}; --allow-weak-hashes imports it (replaced at the first sign-in)`);
    return { hash, weak };
  }

  /** Rejects the lines that clash with the database or with an earlier line; returns the rest. */
  async function sortOut(users: ImportUser[]): Promise<ImportUser[]> {
    const emails = users.filter((u) => u.primaryEmailAuthEnabled).map((u) => u.primaryEmail!);
    const teamIds = [...new Set(users.flatMap((u) => u.teams.map((t) => t.id)))];
    const [existingUsers, emailOwners, oauthOwners, existingTeams] = await Promise.all([
      statements.usersById(users.map((u) => u.id)),
      statements.authEmailOwners(project.id, emails),
      statements.oauthOwners(
        project.id,
        [...new Set(users.flatMap((u) => u.oauthProviders.map((p) => p.id)))],
        [...new Set(users.flatMap((u) => u.oauthProviders.map((p) => p.accountId)))],
      ),
      statements.teamsById(teamIds),
    ]);
    const { ids: seenIds, emails: seenEmails, accounts: seenAccounts, teams: newTeams } = carried ?? newTaken();
    const accepted: ImportUser[] = [];
    for (const user of users) {
      const owner = existingUsers.get(user.id);
      if (owner === project.id || seenIds.has(user.id)) {
        counts.alreadyPresent++;
        continue;
      }
      const problem =
        (owner !== undefined && `id ${user.id} belongs to a user of another project`) ||
        (user.primaryEmailAuthEnabled && emailOwners.has(user.primaryEmail!) && `primary_email ${user.primaryEmail} already signs in user ${emailOwners.get(user.primaryEmail!)}`) ||
        (user.primaryEmailAuthEnabled && seenEmails.has(user.primaryEmail!) && `primary_email ${user.primaryEmail} is also on line ${seenEmails.get(user.primaryEmail!)}`) ||
        accountProblem(user, oauthOwners, seenAccounts) ||
        teamProblem(user, existingTeams, newTeams);
      if (problem) {
        reject(user.line, problem);
        continue;
      }
      seenIds.set(user.id, user.line);
      if (user.primaryEmailAuthEnabled) seenEmails.set(user.primaryEmail!, user.line);
      for (const p of user.oauthProviders) seenAccounts.set(`${p.id}\u0000${p.accountId}`, user.line);
      for (const team of user.teams) if (!existingTeams.has(team.id)) newTeams.add(team.id);
      accepted.push(user);
    }
    return accepted;
  }

  function accountProblem(user: ImportUser, owners: Map<string, string>, seen: Map<string, number>): string | false {
    const providers = new Set<string>();
    for (const p of user.oauthProviders) {
      const key = `${p.id}\u0000${p.accountId}`;
      if (providers.has(p.id)) return `oauth_providers: two accounts of provider ${p.id}`;
      providers.add(p.id);
      if (owners.has(key)) return `oauth_providers: the ${p.id} account ${p.accountId} already signs in user ${owners.get(key)}`;
      if (seen.has(key)) return `oauth_providers: the ${p.id} account ${p.accountId} is also on line ${seen.get(key)}`;
    }
    return false;
  }

  function teamProblem(user: ImportUser, existing: Map<string, string>, created: Set<string>): string | false {
    for (const team of user.teams) {
      const owner = existing.get(team.id);
      if (owner !== undefined && owner !== project.id) return `teams: team ${team.id} belongs to another project`;
      if (owner === undefined && !created.has(team.id) && !team.displayName) return `teams: team ${team.id} does not exist, and a new team needs a display_name`;
    }
    return false;
  }

  function rowsOf(prepared: readonly Prepared[], existingTeams: ReadonlySet<string>): ImportRows {
    const now = deps.clock.now();
    const rows: ImportRows = { teams: [], users: [], channels: [], oauthAccounts: [], members: [], teamPermissions: [], projectPermissions: [] };
    const teamsAdded = new Set<string>();
    for (const { user, passwordHash } of prepared) {
      const at = user.createdAt ?? now;
      const projectId = project.id;
      rows.users.push({
        id: user.id,
        projectId,
        displayName: user.displayName,
        profileImageUrl: user.profileImageUrl,
        clientMetadata: user.clientMetadata,
        clientReadOnlyMetadata: user.clientReadOnlyMetadata,
        serverMetadata: user.serverMetadata,
        isAnonymous: false,
        passwordHash,
        selectedTeamId: null,
        signedUpAt: at,
        lastActiveAt: at,
      });
      if (user.primaryEmail) {
        rows.channels.push({ id: randomUUID(), projectId, userId: user.id, type: "email", value: user.primaryEmail, isVerified: user.primaryEmailVerified, isPrimary: true, usedForAuth: user.primaryEmailAuthEnabled, createdAt: at });
      }
      for (const p of user.oauthProviders) {
        rows.oauthAccounts.push({ id: randomUUID(), projectId, userId: user.id, providerConfigId: p.id, providerAccountId: p.accountId, email: p.email, allowSignIn: true, allowConnectedAccounts: true, createdAt: at });
      }
      for (const team of user.teams) {
        if (!existingTeams.has(team.id) && !teamsAdded.has(team.id)) {
          teamsAdded.add(team.id);
          rows.teams.push({ id: team.id, projectId, displayName: team.displayName!, createdAt: at });
        }
        rows.members.push({ projectId, teamId: team.id, userId: user.id, createdAt: at });
        for (const permissionId of team.permissions) rows.teamPermissions.push({ projectId, teamId: team.id, userId: user.id, permissionId, createdAt: at });
      }
      for (const permissionId of user.projectPermissions) rows.projectPermissions.push({ projectId, userId: user.id, permissionId, createdAt: at });
    }
    return rows;
  }

  /** Teams a dry run would have created in earlier batches. */
  const dryRunTeams = new Set<string>();

  async function write(prepared: readonly Prepared[], db: Db): Promise<number> {
    const existingTeams = new Set((await statements.teamsById([...new Set(prepared.flatMap((p) => p.user.teams.map((t) => t.id)))], db)).keys());
    if (dryRun) for (const id of dryRunTeams) existingTeams.add(id);
    const rows = rowsOf(prepared, existingTeams);
    if (dryRun) for (const team of rows.teams) dryRunTeams.add(team.id);
    else await writeImportedUsers(deps, db, project, rows);
    return rows.teams.length;
  }

  function done(written: readonly Prepared[]): void {
    for (const p of written) {
      counts.imported++;
      if (p.weakHash) {
        counts.weakHashes++;
        options.onWeakHash?.(p.user.line, p.weakHash);
      }
      options.onImported?.(p.user);
    }
  }

  return async function writeBatch(users: ImportUser[]): Promise<void> {
    if (users.length === 0) return;
    const valid = users.filter((user) => {
      const problem = checkAlone(user);
      if (problem) reject(user.line, problem);
      return !problem;
    });
    const accepted = await sortOut(valid);
    const prepared: Prepared[] = [];
    // Plain passwords are hashed here, a few at a time (argon2id on the worker threads).
    const parallel = Math.max(2, availableParallelism());
    for (let i = 0; i < accepted.length; i += parallel) {
      const hashed = await Promise.all(
        accepted.slice(i, i + parallel).map(async (user) => {
          try {
            const { hash, weak } = await passwordHashOf(user);
            return { user, passwordHash: hash, weakHash: weak };
          } catch (error) {
            if (!(error instanceof ForeignHashError)) throw error;
            reject(user.line, `password_hash: ${error.message}`);
            return null;
          }
        }),
      );
      for (const p of hashed) if (p) prepared.push(p);
    }
    if (prepared.length === 0) return;
    if (dryRun) {
      counts.teamsCreated += await write(prepared, deps.store.db);
      done(prepared);
      return;
    }
    try {
      counts.teamsCreated += await deps.store.transaction((tx) => write(prepared, tx));
      done(prepared);
    } catch {
      // Something clashed that the lookups did not see (another writer meanwhile): line by line, so
      // that only the clashing lines are rejected.
      for (const one of prepared) {
        try {
          counts.teamsCreated += await deps.store.transaction((tx) => write([one], tx));
          done([one]);
        } catch (error) {
          reject(one.user.line, `the database refused it (${databaseReason(error)})`);
        }
      }
    }
  };
}

function databaseReason(error: unknown): string {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && e instanceof Error && !/^Failed query/.test(e.message)) return `${code}: ${e.message}`;
  }
  return error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : String(error);
}
