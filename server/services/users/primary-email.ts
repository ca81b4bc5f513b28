/** The rules for a user's primary e-mail and for e-mails used to sign in. */
import { knownError } from "../../../contract/known-error.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Db } from "../../db/store.js";
import type { ContactChannelRow } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { channelToJson, deletedChannelToJson } from "../../views/contact-channels.js";
import { recordEvent, type EventActor } from "../events.js";

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A pending sign-in claim: an unverified channel marked for sign-in that is not its user's primary e-mail
 * (added through the contact-channel API). Anyone may add any address that way, so until it is verified
 * it signs nobody in (`findByAuthEmail` skips it) and it blocks nobody: whoever signs up with the address
 * (or makes it a primary sign-in e-mail) takes it over, and the claim keeps its channel without the flag.
 */
export function isPendingAuthClaim(channel: ContactChannelRow): boolean {
  return channel.usedForAuth && !channel.isVerified && !channel.isPrimary;
}

/**
 * Throws USER_EMAIL_ALREADY_EXISTS when another user of the project signs in with this e-mail; another
 * user's pending claim on it (see `isPendingAuthClaim`) is released instead.
 */
export async function assertAuthEmailFree(deps: AppDeps, db: Db, projectId: string, email: string, userId: string | null): Promise<void> {
  const owner = await deps.queries.contactChannels.authOwnerOtherThan(projectId, email, userId, db);
  if (!owner) return;
  if (!isPendingAuthClaim(owner)) throw knownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
  const release = async (unit: Db) => {
    const released = await deps.queries.contactChannels.update(projectId, owner.id, { usedForAuth: false }, unit);
    if (released) await recordEvent(deps, unit, "contact_channel.updated", () => channelToJson(released), { projectId, actor: null });
  };
  if (db === deps.store.db) await deps.store.transaction(release);
  else await release(db);
}

/**
 * Runs a write that may hit the unique index on sign-in e-mails, turning a violation into the known
 * error (naming the address as stored).
 */
export async function guardAuthEmail<T>(email: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (email && isUniqueViolation(error)) throw knownError("USER_EMAIL_ALREADY_EXISTS", { email: normalizeEmail(email), would_work_if_email_was_verified: false });
    throw error;
  }
}

export interface PrimaryEmailChange {
  /** A new address, or null to remove the primary e-mail; undefined keeps it. */
  value?: string | null;
  verified?: boolean;
  usedForAuth?: boolean;
}

/**
 * Applies a change to the user's primary e-mail channel: a new address replaces the current primary
 * one (unverified unless said otherwise, keeping its sign-in flag), or promotes a channel the user
 * already has with that address; flags apply to the resulting primary channel.
 */
export async function changePrimaryEmail(
  deps: AppDeps,
  db: Db,
  projectId: string,
  userId: string,
  change: PrimaryEmailChange,
  actor: EventActor | null = null,
): Promise<void> {
  const channels = deps.queries.contactChannels;
  const recorded = { projectId, actor };
  const current = (await channels.listForUser(projectId, userId, db)).find((c) => c.isPrimary) ?? null;
  if (change.value === null) {
    if (current) {
      await channels.delete(projectId, current.id, db);
      await recordEvent(deps, db, "contact_channel.deleted", () => deletedChannelToJson(current), recorded);
    }
    if (change.usedForAuth) throw statusError("primaryEmailFlagsNeedEmail");
    if (change.verified) throw statusError("primaryEmailVerifiedNeedsEmail");
    return;
  }
  const value = change.value === undefined ? undefined : normalizeEmail(change.value);
  if (value === undefined || value === current?.value) {
    if (change.verified === undefined && change.usedForAuth === undefined) return;
    if (!current) throw statusError(change.usedForAuth ? "primaryEmailFlagsNeedEmail" : "primaryEmailVerifiedNeedsEmail");
    if (change.usedForAuth) await assertAuthEmailFree(deps, db, projectId, current.value, userId);
    const updated = await guardAuthEmail(current.value, () =>
      channels.update(projectId, current.id, { isVerified: change.verified ?? current.isVerified, usedForAuth: change.usedForAuth ?? current.usedForAuth }, db),
    );
    await recordEvent(deps, db, "contact_channel.updated", () => channelToJson(updated!), recorded);
    return;
  }
  const existing = await channels.findByValue(projectId, userId, value, db);
  const usedForAuth = change.usedForAuth ?? existing?.usedForAuth ?? current?.usedForAuth ?? false;
  if (usedForAuth) await assertAuthEmailFree(deps, db, projectId, value, userId);
  const written = await guardAuthEmail(value, async () => {
    if (existing) {
      const demoted = await channels.clearPrimary(projectId, userId, existing.id, db);
      const promoted = await channels.update(projectId, existing.id, { isPrimary: true, isVerified: change.verified ?? existing.isVerified, usedForAuth }, db);
      return { created: null, updated: [...demoted, promoted!] };
    }
    if (current) {
      const updated = await channels.update(projectId, current.id, { value, isVerified: change.verified ?? false, usedForAuth }, db);
      return { created: null, updated: [updated!] };
    }
    return { created: await insertPrimaryEmail(deps, db, projectId, userId, { value, verified: change.verified ?? false, usedForAuth }), updated: [] };
  });
  const { created, updated } = written;
  for (const row of updated) await recordEvent(deps, db, "contact_channel.updated", () => channelToJson(row), recorded);
  if (created) await recordEvent(deps, db, "contact_channel.created", () => channelToJson(created), recorded);
}

/** Adds a primary e-mail channel to a user who has none (the caller guards the sign-in e-mail index). */
export function insertPrimaryEmail(
  deps: AppDeps,
  db: Db,
  projectId: string,
  userId: string,
  email: { value: string; verified: boolean; usedForAuth: boolean },
): Promise<ContactChannelRow> {
  return deps.queries.contactChannels.insert(
    {
      id: crypto.randomUUID(),
      projectId,
      userId,
      type: "email",
      value: normalizeEmail(email.value),
      isPrimary: true,
      isVerified: email.verified,
      usedForAuth: email.usedForAuth,
      createdAt: deps.clock.now(),
    },
    db,
  );
}
