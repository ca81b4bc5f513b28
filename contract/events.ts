/**
 * The events a project's data changes raise: event name -> payload schema. Services record them in
 * the unit of work of the change (server/services/events.ts); the audit log and webhooks deliver them.
 *
 * Names and payloads follow Stack Auth's webhooks where it defines them (`user.*`, `team.*`,
 * `team_membership.*`, `team_permission.*`, `project_permission.*`): created and updated events carry
 * the server view of the resource, deleted events its id (and what a receiver needs to find what it
 * kept about it). Ours follow the same rule. Payloads never carry a secret: no refresh token, no
 * password hash, no API key beyond its last four characters.
 */
import { z } from "zod";
import { teamApiKey, userApiKey } from "./api-keys.js";
import { contactChannel } from "./contact-channels.js";
import { uuid } from "./fields.js";
import { projectPermission, teamPermission } from "./permissions.js";
import { teamMembership } from "./teams.js";
import { serverTeam } from "./teams-shared.js";
import { serverUser } from "./users.js";

const id = z.object({ id: uuid });

/** A deleted user, with the teams it belonged to (its memberships went with it). */
export const deletedUserEvent = z.object({ id: uuid, teams: z.array(id) });

/** A session as events show it: who and what kind, never its refresh token. */
export const sessionEvent = z.object({ id: uuid, user_id: uuid, is_impersonation: z.boolean() });
export const deletedSessionEvent = z.object({ id: uuid, user_id: uuid });

export const deletedContactChannelEvent = z.object({ id: uuid, user_id: uuid });

/** A user or team API key as read (its value shows only the last four characters). */
export const apiKeyEvent = z.discriminatedUnion("type", [userApiKey, teamApiKey]);

export const events = {
  "user.created": serverUser,
  "user.updated": serverUser,
  "user.deleted": deletedUserEvent,
  "team.created": serverTeam,
  "team.updated": serverTeam,
  "team.deleted": id,
  "team_membership.created": teamMembership,
  "team_membership.deleted": teamMembership,
  "team_permission.created": teamPermission,
  "team_permission.deleted": teamPermission,
  "project_permission.created": projectPermission,
  "project_permission.deleted": projectPermission,
  "contact_channel.created": contactChannel,
  "contact_channel.updated": contactChannel,
  "contact_channel.deleted": deletedContactChannelEvent,
  "session.created": sessionEvent,
  "session.deleted": deletedSessionEvent,
  "api_key.created": apiKeyEvent,
  "api_key.revoked": apiKeyEvent,
} as const satisfies Record<string, z.ZodType>;

export type EventName = keyof typeof events;
export const eventNames = Object.keys(events) as EventName[];

/** What a service hands to `recordEvent` for an event (the schema's input: views produce it). */
export type EventPayload<N extends EventName> = z.input<(typeof events)[N]>;
