/**
 * Contact channels: a user's e-mail addresses. Rules kept here: one channel per address and user, one
 * primary channel per user (the user's `primary_email`), one user per address used for sign-in in a
 * project, and a changed address is unverified unless the caller says otherwise.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import { isUniqueViolation } from "../db/errors.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { ContactChannelRow, UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { channelToJson, deletedChannelToJson } from "../views/contact-channels.js";
import { limitVerificationMails, mailEmailVerification } from "./email-verification.js";
import { recordEvent, type EventActor } from "./events.js";
import { queueSecurityAlert } from "./security-alerts.js";
import { normalizeEmail } from "./users/primary-email.js";

/** Contact channels one user may have: far more than anyone uses, few enough that a client cannot fill the table. */
export const MAX_CHANNELS_PER_USER = 20;

export interface NewContactChannel {
  value: string;
  usedForAuth: boolean;
  isPrimary?: boolean;
  isVerified?: boolean;
}

export interface ContactChannelChange {
  value?: string;
  usedForAuth?: boolean;
  isPrimary?: boolean;
  /** Undefined keeps the flag, except that a new value makes the channel unverified. */
  isVerified?: boolean;
}

/** Oldest first; without a user id, every channel of the project. */
export async function listChannels(deps: AppDeps, projectId: string, filter: { userId?: string; channelId?: string }): Promise<ContactChannelRow[]> {
  return deps.queries.contactChannels.list(projectId, { userId: filter.userId, id: filter.channelId });
}

/** The channel, or the 404 text the read endpoint answers with. */
export async function getChannel(deps: AppDeps, projectId: string, userId: string, channelId: string): Promise<ContactChannelRow> {
  const channel = await deps.queries.contactChannels.get(projectId, userId, channelId);
  if (!channel) throw statusError("contactChannelNotFound");
  return channel;
}

/** Records `contact_channel.updated` for each row (in the order given) in `db`'s unit of work. */
async function recordUpdated(deps: AppDeps, db: Db, projectId: string, rows: readonly ContactChannelRow[], actor: EventActor | null): Promise<void> {
  for (const row of rows) await recordEvent(deps, db, "contact_channel.updated", () => channelToJson(row), { projectId, actor });
}

export async function createChannel(deps: AppDeps, projectId: string, userId: string, input: NewContactChannel, actor: EventActor | null = null): Promise<ContactChannelRow> {
  const channels = deps.queries.contactChannels;
  const value = normalizeEmail(input.value);
  return deps.store.transaction(async (tx) => {
    if (await channels.findByValue(projectId, userId, value, tx)) throw statusError("contactChannelAlreadyExists");
    if ((await channels.countOfUser(projectId, userId, tx)) >= MAX_CHANNELS_PER_USER) throw statusError("contactChannelLimitReached", { max: MAX_CHANNELS_PER_USER });
    if (input.usedForAuth) await assertNotUsedForAuthByOthers(deps, tx, projectId, value, userId);
    const { demoted, created } = await guardUniqueness(value, input.usedForAuth, async () => ({
      demoted: input.isPrimary ? await channels.clearPrimary(projectId, userId, null, tx) : [],
      created: await channels.insert(
        {
          id: randomUUID(),
          projectId,
          userId,
          type: "email",
          value,
          usedForAuth: input.usedForAuth,
          isPrimary: input.isPrimary ?? false,
          isVerified: input.isVerified ?? false,
          addedToAccount: true,
          createdAt: deps.clock.now(),
        },
        tx,
      ),
    }));
    await recordUpdated(deps, tx, projectId, demoted, actor);
    await recordEvent(deps, tx, "contact_channel.created", () => channelToJson(created), { projectId, actor });
    for (const old of demoted) await queueSecurityAlert(deps, tx, projectId, old, "primaryEmailChanged");
    return created;
  });
}

export async function updateChannel(
  deps: AppDeps,
  projectId: string,
  userId: string,
  channelId: string,
  change: ContactChannelChange,
  actor: EventActor | null = null,
): Promise<ContactChannelRow> {
  const channels = deps.queries.contactChannels;
  return deps.store.transaction(async (tx) => {
    const current = await channels.get(projectId, userId, channelId, tx);
    if (!current) throw statusError("contactChannelMissing");
    const value = change.value === undefined ? current.value : normalizeEmail(change.value);
    const valueChanged = value !== current.value;
    if (valueChanged && (await channels.findByValue(projectId, userId, value, tx))) throw statusError("contactChannelAlreadyExists");
    const usedForAuth = change.usedForAuth ?? current.usedForAuth;
    if (usedForAuth && (valueChanged || !current.usedForAuth)) await assertNotUsedForAuthByOthers(deps, tx, projectId, value, userId);
    const { demoted, updated } = await guardUniqueness(value, usedForAuth, async () => ({
      demoted: change.isPrimary ? await channels.clearPrimary(projectId, userId, current.id, tx) : [],
      updated: await channels.update(
        projectId,
        current.id,
        {
          value,
          usedForAuth,
          isPrimary: change.isPrimary ?? current.isPrimary,
          isVerified: change.isVerified ?? (valueChanged ? false : current.isVerified),
          // A new address on an existing channel is an address added to the account.
          addedToAccount: current.addedToAccount || valueChanged,
        },
        tx,
      ),
    }));
    await recordUpdated(deps, tx, projectId, [...demoted, updated!], actor);
    for (const old of demoted) await queueSecurityAlert(deps, tx, projectId, old, "primaryEmailChanged");
    return updated!;
  });
}

export async function deleteChannel(deps: AppDeps, projectId: string, userId: string, channelId: string, actor: EventActor | null = null): Promise<void> {
  const channels = deps.queries.contactChannels;
  await deps.store.transaction(async (tx) => {
    const current = await channels.get(projectId, userId, channelId, tx);
    if (!current) throw statusError("contactChannelMissing");
    await channels.delete(projectId, current.id, tx);
    await recordEvent(deps, tx, "contact_channel.deleted", () => deletedChannelToJson(current), { projectId, actor });
  });
}

/** Mails a verification link for one of the user's channels. */
export async function sendChannelVerification(
  deps: AppDeps,
  project: ProjectRow,
  userId: string,
  channelId: string,
  callbackUrl: string,
): Promise<void> {
  const channel = await deps.queries.contactChannels.get(project.id, userId, channelId);
  if (!channel) throw statusError("contactChannelMissingForVerification");
  await queueVerification(deps, project, channel, callbackUrl);
}

/** The legacy form: `email` must be the user's primary e-mail, which is then sent a verification link. */
export async function sendPrimaryEmailVerification(
  deps: AppDeps,
  project: ProjectRow,
  record: UserRecord,
  email: string,
  callbackUrl: string,
): Promise<void> {
  const primary = record.primaryEmail;
  if (!primary) throw statusError("noPrimaryEmailToVerify");
  if (normalizeEmail(email) !== primary.value) throw knownError("EMAIL_IS_NOT_PRIMARY_EMAIL", { email, primary_email: primary.value });
  await queueVerification(deps, project, primary, callbackUrl);
}

async function queueVerification(deps: AppDeps, project: ProjectRow, channel: ContactChannelRow, callbackUrl: string): Promise<void> {
  if (channel.isVerified) throw knownError("EMAIL_ALREADY_VERIFIED");
  await limitVerificationMails(deps, project, channel.value);
  await mailEmailVerification(deps, project, { userId: channel.userId, channelId: channel.id, email: channel.value, callbackUrl, addedToAccount: channel.addedToAccount });
}

function usedForAuthElsewhere(value: string) {
  return knownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", {
    type: "email",
    contact_channel_value: value,
    would_work_if_email_was_verified: false,
  });
}

async function assertNotUsedForAuthByOthers(deps: AppDeps, db: Db, projectId: string, value: string, userId: string): Promise<void> {
  if (await deps.queries.contactChannels.authOwnerOtherThan(projectId, value, userId, db)) throw usedForAuthElsewhere(value);
}

/**
 * Runs a write that may still hit a unique index when a concurrent request got there first (the checks
 * before it cover every other case): the sign-in index when the channel signs in, else the per-user one.
 */
async function guardUniqueness<T>(value: string, usedForAuth: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw usedForAuth ? usedForAuthElsewhere(value) : statusError("contactChannelAlreadyExists");
  }
}
