/**
 * The user file format, shared by import and export: one user per JSON Lines line or CSV row.
 *
 * | field | type | notes |
 * |---|---|---|
 * | id | UUID | optional; without it the id is derived from the project and the e-mail (or the row itself) |
 * | primary_email, primary_email_verified, primary_email_auth_enabled | string, boolean, boolean | auth defaults to true |
 * | display_name, profile_image_url | string | |
 * | password | string | a plain password, hashed with argon2id at import |
 * | password_hash, password_hash_algorithm, password_salt | string | a hash from another system (foreign-hashes.ts) |
 * | oauth_providers | [{ id, account_id, email }] | `id` is the provider's key in the project's configuration |
 * | client_metadata, client_read_only_metadata, server_metadata | JSON | |
 * | teams | [{ id?, display_name?, permissions?: [team permission ids] }] | memberships; missing teams are created |
 * | project_permissions | [project permission ids] | |
 * | created_at | ISO 8601 or epoch milliseconds | the sign-up time; now when absent |
 *
 * In CSV, the list and metadata cells hold JSON text, booleans are true/false (or 1/0), and an empty
 * cell is an absent field.
 *
 * The fields `POST /users` takes are held to its schemas (contract/users.ts's serverUserCreate, reused
 * here, not restated): display names of at most 256 characters without control characters, e-mails,
 * metadata sizes, provider accounts. A plain password has the API's length rules. A line without an
 * e-mail is rejected unless the import allows it (LineRules). This is the one place a line is judged
 * (password hash costs aside: hash-strength.ts, at import.ts's hashing step).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { displayName } from "../../../contract/fields.js";
import { serverUserCreate } from "../../../contract/users.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../passwords.js";
import { normalizeEmail } from "../users/primary-email.js";

export const userFileFields = [
  "id",
  "primary_email",
  "primary_email_verified",
  "primary_email_auth_enabled",
  "display_name",
  "profile_image_url",
  "password",
  "password_hash",
  "password_hash_algorithm",
  "password_salt",
  "oauth_providers",
  "client_metadata",
  "client_read_only_metadata",
  "server_metadata",
  "teams",
  "project_permissions",
  "created_at",
] as const;
export type UserFileField = (typeof userFileFields)[number];

/** The fields whose CSV cells are JSON text. */
export const jsonFields: ReadonlySet<UserFileField> = new Set(["oauth_providers", "client_metadata", "client_read_only_metadata", "server_metadata", "teams", "project_permissions"]);
export const booleanFields: ReadonlySet<UserFileField> = new Set(["primary_email_verified", "primary_email_auth_enabled"]);

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID")
  .transform((v) => v.toLowerCase());
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const permissionId = z.string().min(1, "must not be empty").max(256);

/** The fields `POST /users` takes, with its rules: a line's user is held to the same. */
const api = serverUserCreate.shape;

/** A provider account without `email` (the API wants the key, null when unknown) gets a null one. */
function withProviderEmails(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((p: unknown) => (p && typeof p === "object" && !Array.isArray(p) && !("email" in p) ? { ...p, email: null } : p));
}

const userLine = z.object({
  id: uuid.optional(),
  primary_email: api.primary_email,
  primary_email_verified: z.boolean().optional(),
  primary_email_auth_enabled: z.boolean().optional(),
  display_name: api.display_name,
  profile_image_url: api.profile_image_url,
  // The API's length rules (assertPasswordPolicy's numbers); hashed with argon2id at import.
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .nullish(),
  password_hash: api.password_hash.nullable(),
  password_hash_algorithm: text(64).nullish(),
  password_salt: text(1024).nullish(),
  oauth_providers: z.preprocess(withProviderEmails, api.oauth_providers.nullable()),
  client_metadata: api.client_metadata,
  client_read_only_metadata: api.client_read_only_metadata,
  server_metadata: api.server_metadata,
  teams: z
    .array(z.object({ id: uuid.optional(), display_name: displayName.min(1, "must not be empty").optional(), permissions: z.array(permissionId).max(100).optional() }))
    .max(1000)
    .nullish(),
  project_permissions: z.array(permissionId).max(1000).nullish(),
  created_at: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]).nullish(),
});

/** How strict a line is read. */
export interface LineRules {
  /** Users without a primary e-mail are imported (by default such a line is rejected). */
  allowNoEmail: boolean;
}

export interface ImportTeam {
  id: string;
  /** Absent: the team must exist already. */
  displayName: string | null;
  permissions: string[];
}

/** One valid line of a user file, normalised. */
export interface ImportUser {
  line: number;
  id: string;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  primaryEmailAuthEnabled: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
  password: string | null;
  passwordHash: { hash: string; algorithm: string | undefined; salt: string | undefined } | null;
  oauthProviders: { id: string; accountId: string; email: string | null }[];
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  teams: ImportTeam[];
  projectPermissions: string[];
  createdAt: Date | null;
}

export class RowError extends Error {
  override readonly name = "RowError";
}

/** A UUID (v4 layout) derived from the given parts: the same parts give the same id on every run. */
export function derivedId(...parts: string[]): string {
  const hex = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "");
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Checks and normalises one parsed line. `source` is the line's own text, from which an id is derived
 * when the line has neither id nor e-mail. Throws RowError.
 */
export function parseUserLine(projectId: string, line: number, value: unknown, source: string, rules: LineRules): ImportUser {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new RowError("a line must be a JSON object");
  const parsed = userLine.safeParse(value);
  if (!parsed.success) throw new RowError(parsed.error.issues.slice(0, 3).map(describeIssue).join("; "));
  const row = parsed.data;
  if (!row.primary_email && !rules.allowNoEmail) throw new RowError("primary_email: missing (users without an e-mail are imported only with --allow-no-email)");
  if (row.password && row.password_hash) throw new RowError("give either password or password_hash, not both");
  const primaryEmail = row.primary_email ? normalizeEmail(row.primary_email) : null;
  const id = row.id ?? (primaryEmail ? derivedId("latchkey-import-user", projectId, primaryEmail) : derivedId("latchkey-import-user", projectId, "line", source));
  const teams = (row.teams ?? []).map((team, i): ImportTeam => {
    if (!team.id && !team.display_name) throw new RowError(`teams[${i}]: needs an id or a display_name`);
    return {
      id: team.id ?? derivedId("latchkey-import-team", projectId, team.display_name!),
      displayName: team.display_name ?? null,
      permissions: [...new Set(team.permissions ?? [])],
    };
  });
  const teamIds = new Set<string>();
  for (const team of teams) {
    if (teamIds.has(team.id)) throw new RowError(`teams: team ${team.id} is listed twice`);
    teamIds.add(team.id);
  }
  const createdAt = row.created_at === null || row.created_at === undefined ? null : new Date(row.created_at);
  return {
    line,
    id,
    primaryEmail,
    primaryEmailVerified: row.primary_email_verified ?? false,
    primaryEmailAuthEnabled: primaryEmail !== null && (row.primary_email_auth_enabled ?? true),
    displayName: row.display_name ?? null,
    profileImageUrl: row.profile_image_url ?? null,
    password: row.password ?? null,
    passwordHash: row.password_hash ? { hash: row.password_hash, algorithm: row.password_hash_algorithm ?? undefined, salt: row.password_salt ?? undefined } : null,
    oauthProviders: (row.oauth_providers ?? []).map((p) => ({ id: p.id, accountId: p.account_id, email: p.email ? normalizeEmail(p.email) : null })),
    clientMetadata: row.client_metadata ?? null,
    clientReadOnlyMetadata: row.client_read_only_metadata ?? null,
    serverMetadata: row.server_metadata ?? null,
    teams,
    projectPermissions: [...new Set(row.project_permissions ?? [])],
    createdAt,
  };
}
