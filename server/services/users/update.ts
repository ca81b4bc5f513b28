/** Updating a user: every field rule of PATCH /users/{id} and PATCH /users/me in one place. */
import type { z } from "zod";
import { knownError } from "../../../contract/known-error.js";
import type { serverUserUpdate } from "../../../contract/users.js";
import type { UserRecord, UserRow } from "../../db/queries/users.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { userToJson } from "../../views/users.js";
import { recordEvent, type EventActor } from "../events.js";
import { assertPasswordPolicy, hashPassword, isSupportedPasswordHash } from "../passwords.js";
import { revokePasswordResetCodes } from "../password-auth.js";
import { endUserSessionsIn } from "../sessions.js";
import { queueSecurityAlert } from "../security-alerts.js";
import { decodeImageDataUrl, isImageDataUrl } from "../profile-images/data-url.js";
import { planProfileImage } from "../profile-images/store.js";
import { changePrimaryEmail, normalizeEmail } from "./primary-email.js";

export type UserUpdate = z.output<typeof serverUserUpdate>;

/** Clients may only give images inline (base64 PNG, JPEG, GIF or WebP under 100 KB), never links to elsewhere. */
export function assertClientProfileImage(value: string | null | undefined): void {
  if (value === null || value === undefined) return;
  decodeImageDataUrl(value);
}

/** Servers may give an http(s) URL or an inline image. */
export function assertProfileImage(value: string | null | undefined): void {
  if (value === null || value === undefined || isImageDataUrl(value)) return assertClientProfileImage(value);
  const parsed = URL.canParse(value) ? new URL(value) : null;
  if (!parsed || !["http:", "https:"].includes(parsed.protocol)) throw statusError("profileImageBadUrl");
}

/**
 * The stored password a create or update body asks for (`password` or an imported `password_hash`):
 * undefined for no change, null to remove it, or a hash. Call it before any transaction starts, so the
 * slow hash never holds one open.
 */
export async function passwordHashFromInput(input: { password?: string | null; password_hash?: string }): Promise<string | null | undefined> {
  if (input.password !== undefined && input.password_hash !== undefined) throw statusError("passwordAndHashBoth");
  if (input.password_hash !== undefined) {
    if (!isSupportedPasswordHash(input.password_hash)) throw statusError("unsupportedPasswordHash");
    return input.password_hash;
  }
  if (input.password === undefined || input.password === null) return input.password;
  assertPasswordPolicy(input.password);
  return hashPassword(input.password);
}

/**
 * Updates the user in a transaction of its own and records `user.updated` with the user as it is
 * afterwards, which it returns. A new or removed password ends the user's sessions.
 */
export async function updateUser(deps: AppDeps, record: UserRecord, update: UserUpdate, actor: EventActor | null = null): Promise<UserRecord> {
  // Hashed before the transaction starts, so the slow hash never holds one open.
  const passwordHash = await passwordHashFromInput(update);
  const { projectId, id } = record.user;
  return deps.store.transaction(async (tx) => {
    await applyUserUpdate(deps, tx, record, update, passwordHash, actor);
    const updated = (await deps.queries.users.find(projectId, id, tx))!;
    await recordEvent(deps, tx, "user.updated", () => userToJson(updated), { projectId, actor });
    return updated;
  });
}

/**
 * Applies an update in `db`'s transaction; `passwordHash` is what passwordHashFromInput made of the
 * body's password fields. Returns whether the change ended the user's sessions (a new or removed
 * password does).
 */
async function applyUserUpdate(
  deps: AppDeps,
  db: Db,
  record: UserRecord,
  update: UserUpdate,
  passwordHash: string | null | undefined,
  actor: EventActor | null,
): Promise<{ sessionsEnded: boolean }> {
  const { user } = record;
  const projectId = user.projectId;
  const patch: Partial<UserRow> = {};
  if (update.display_name !== undefined) patch.displayName = update.display_name || null;
  const image = planProfileImage(deps, "user-profile-images", update.profile_image_url);
  if (update.profile_image_url !== undefined) patch.profileImageUrl = image.value ?? null;
  if (update.client_metadata !== undefined) patch.clientMetadata = update.client_metadata;
  if (update.client_read_only_metadata !== undefined) patch.clientReadOnlyMetadata = update.client_read_only_metadata;
  if (update.server_metadata !== undefined) patch.serverMetadata = update.server_metadata;
  if (update.otp_auth_enabled !== undefined) patch.otpAuthEnabled = update.otp_auth_enabled;
  if (update.is_anonymous === false) patch.isAnonymous = false;
  if (update.passkey_auth_enabled === true) {
    throw statusError("passkeyAuthNotSettable");
  }
  if (update.passkey_auth_enabled === false) await deps.queries.passkeys.deleteForUser(projectId, user.id, db);
  if (update.totp_secret_base64 !== undefined) {
    patch.totpSecret = update.totp_secret_base64 === null ? null : deps.secrets.encrypt(update.totp_secret_base64, "totp");
  }
  if (update.selected_team_id !== undefined) {
    const teamId = update.selected_team_id;
    if (teamId !== null && !(await deps.queries.teams.isMember(projectId, teamId, user.id, db))) {
      throw knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: user.id });
    }
    patch.selectedTeamId = teamId;
  }
  const sessionsEnded = passwordHash !== undefined;
  if (sessionsEnded) patch.passwordHash = passwordHash;
  if (update.primary_email !== undefined || update.primary_email_verified !== undefined || update.primary_email_auth_enabled !== undefined) {
    await changePrimaryEmail(deps, db, projectId, user.id, {
      value: update.primary_email,
      verified: update.primary_email_verified,
      usedForAuth: update.primary_email_auth_enabled,
    }, actor);
  }
  if (Object.keys(patch).length > 0) await deps.queries.users.update(projectId, user.id, patch, db);
  await image.store(db, { projectId, userId: user.id, teamId: null });
  if (sessionsEnded) {
    await revokePasswordResetCodes(deps, db, projectId, user.id);
    await endUserSessionsIn(deps, db, projectId, user.id, null, actor);
  }
  // Alerts go to the primary e-mail as it was before this update (for a changed one: the old address).
  const alertTo = record.primaryEmail;
  if (sessionsEnded) await queueSecurityAlert(deps, db, projectId, alertTo, "passwordChanged");
  if (update.totp_secret_base64 !== undefined && (update.totp_secret_base64 !== null || user.totpSecret)) {
    await queueSecurityAlert(deps, db, projectId, alertTo, update.totp_secret_base64 === null ? "mfaDisabled" : "mfaEnabled");
  }
  if (update.primary_email !== undefined && alertTo && (update.primary_email === null || normalizeEmail(update.primary_email) !== alertTo.value)) {
    await queueSecurityAlert(deps, db, projectId, alertTo, "primaryEmailChanged");
  }
  return { sessionsEnded };
}
