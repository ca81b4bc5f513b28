/**
 * The write of a batch of imported users (users-import/import.ts checks each line first): every row in a
 * few multi-row inserts, then each user's events in the order the services creating one user record them
 * (new-user.ts, oauth/accounts.ts): `user.created`, its primary e-mail, its provider accounts, then per
 * team it joins the team (when the import creates it), the membership and its team grants, then its
 * project grants. Imported users get no personal team and no sign-up defaults: they hold what the file says.
 */
import type { ProjectRow } from "../../db/queries/projects.js";
import type { ImportedRows, ImportRows } from "../../db/queries/users-import.js";
import type { UserRecord } from "../../db/queries/users.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { channelToJson } from "../../views/contact-channels.js";
import { userOAuthProviderToJson } from "../../views/oauth-providers.js";
import { projectPermissionToJson, teamPermissionToJson } from "../../views/permissions.js";
import { membershipToJson, teamToJson } from "../../views/teams.js";
import { userToJson } from "../../views/users.js";
import { eventsAreRead, recordEvent } from "../events.js";
import { accountJson } from "../oauth/accounts.js";

/** Writes the rows in `db`'s unit of work and records their events there; answers what was written. */
export async function writeImportedUsers(deps: AppDeps, db: Db, project: ProjectRow, rows: ImportRows): Promise<ImportedRows> {
  const written = await deps.queries.usersImport.insert(rows, db);
  if (!eventsAreRead(deps)) return written;
  const recorded = { projectId: project.id, actor: null };
  const emailOf = new Map(written.channels.map((channel) => [channel.userId, channel]));
  const accountsOf = byUser(written.oauthAccounts);
  const membershipsOf = byUser(rows.members);
  const teamGrantsOf = byUser(rows.teamPermissions);
  const projectGrantsOf = byUser(rows.projectPermissions);
  const newTeams = new Map(written.teams.map((team) => [team.id, team]));
  for (const user of written.users) {
    const primaryEmail = emailOf.get(user.id) ?? null;
    const accounts = accountsOf.get(user.id) ?? [];
    const record: UserRecord = { user, primaryEmail, selectedTeam: null, hasPasskey: false, hasOAuthAccount: accounts.length > 0, oauthProviders: accounts.map(userOAuthProviderToJson) };
    await recordEvent(deps, db, "user.created", () => userToJson(record), recorded);
    if (primaryEmail) await recordEvent(deps, db, "contact_channel.created", () => channelToJson(primaryEmail), recorded);
    for (const account of accounts) await recordEvent(deps, db, "oauth_provider.created", () => accountJson(project, account), recorded);
    for (const { teamId } of membershipsOf.get(user.id) ?? []) {
      const team = newTeams.get(teamId);
      if (team) {
        newTeams.delete(teamId);
        await recordEvent(deps, db, "team.created", () => teamToJson(team), recorded);
      }
      await recordEvent(deps, db, "team_membership.created", () => membershipToJson(teamId, user.id), recorded);
      for (const grant of teamGrantsOf.get(user.id) ?? []) {
        if (grant.teamId === teamId) await recordEvent(deps, db, "team_permission.created", () => teamPermissionToJson({ teamId, userId: user.id, permissionId: grant.permissionId }), recorded);
      }
    }
    for (const grant of projectGrantsOf.get(user.id) ?? []) {
      await recordEvent(deps, db, "project_permission.created", () => projectPermissionToJson({ userId: user.id, permissionId: grant.permissionId }), recorded);
    }
  }
  return written;
}

function byUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.userId);
    if (list) list.push(row);
    else grouped.set(row.userId, [row]);
  }
  return grouped;
}
