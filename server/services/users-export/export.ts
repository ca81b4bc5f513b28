/**
 * Exporting a project's users in the import's format (users-import/format.ts), as JSON Lines or CSV,
 * page by page (500 users and what they hold, in five queries), so that memory stays flat. Password
 * hashes are written only when asked for; anonymous users are left out (the format has no place
 * for them, and they hold nothing to move). CSV cells that a spreadsheet would run as formulas are
 * written with a single quote in front (csv.ts's csvLine), which the import takes off again.
 */
import type { AppDeps } from "../../deps.js";
import { storedHashAlgorithm } from "../passwords/foreign-hashes.js";
import { csvLine } from "../users-import/csv.js";
import { jsonFields, userFileFields, type UserFileField } from "../users-import/format.js";
import type { UserFileFormat } from "../users-import/read.js";

const PAGE = 500;

export interface ExportOptions {
  format: UserFileFormat;
  includePasswordHashes: boolean;
}

type Line = Partial<Record<UserFileField, unknown>>;

/** The fields an export writes, in this order (CSV's header). */
function exportedFields(includePasswordHashes: boolean): UserFileField[] {
  return userFileFields.filter((f) => f !== "password" && f !== "password_salt" && (includePasswordHashes || (f !== "password_hash" && f !== "password_hash_algorithm")));
}

/**
 * Writes the project's users through `write` (which may return a promise to wait for, e.g. a stream's
 * drain) and returns how many it wrote.
 */
export async function exportUsers(deps: Pick<AppDeps, "queries">, projectId: string, options: ExportOptions, write: (text: string) => unknown): Promise<number> {
  const fields = exportedFields(options.includePasswordHashes);
  if (options.format === "csv") await write(csvLine(fields) + "\n");
  let after = "";
  let count = 0;
  for (;;) {
    const lines = await page(deps, projectId, after, options.includePasswordHashes);
    if (lines.length === 0) return count;
    const text = lines.map((line) => (options.format === "csv" ? csvLine(fields.map((f) => csvText(f, line[f]))) : JSON.stringify(line))).join("\n") + "\n";
    await write(text);
    count += lines.length;
    after = lines[lines.length - 1]!.id as string;
    if (lines.length < PAGE) return count;
  }
}

function csvText(field: UserFileField, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (jsonFields.has(field)) return JSON.stringify(value);
  return String(value);
}

async function page(deps: Pick<AppDeps, "queries">, projectId: string, after: string, includePasswordHashes: boolean): Promise<Line[]> {
  const found = await deps.queries.usersExport.page(projectId, after, PAGE);
  if (!found) return [];
  const { users, emails, accounts, memberships, teamGrants, projectGrants } = found;
  const group = <T extends { userId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
    return map;
  };
  const emailOf = new Map(emails.map((e) => [e.userId, e]));
  const accountsOf = group(accounts);
  const teamsOf = group(memberships);
  const teamGrantsOf = group(teamGrants);
  const projectGrantsOf = group(projectGrants);
  return users.map((user): Line => {
    const email = emailOf.get(user.id);
    const grants = teamGrantsOf.get(user.id) ?? [];
    const hash = includePasswordHashes && user.passwordHash ? { password_hash: user.passwordHash, password_hash_algorithm: storedHashAlgorithm(user.passwordHash) } : {};
    return {
      id: user.id,
      primary_email: email?.value ?? null,
      primary_email_verified: email?.isVerified ?? false,
      primary_email_auth_enabled: email?.usedForAuth ?? false,
      display_name: user.displayName,
      profile_image_url: user.profileImageUrl,
      ...hash,
      oauth_providers: (accountsOf.get(user.id) ?? []).map((a) => ({ id: a.providerConfigId, account_id: a.providerAccountId, email: a.email })),
      client_metadata: user.clientMetadata,
      client_read_only_metadata: user.clientReadOnlyMetadata,
      server_metadata: user.serverMetadata,
      teams: (teamsOf.get(user.id) ?? []).map((m) => ({
        id: m.teamId,
        display_name: m.displayName,
        permissions: grants.filter((g) => g.teamId === m.teamId).map((g) => g.permissionId),
      })),
      project_permissions: (projectGrantsOf.get(user.id) ?? []).map((g) => g.permissionId),
      created_at: user.signedUpAt.toISOString(),
    };
  });
}
