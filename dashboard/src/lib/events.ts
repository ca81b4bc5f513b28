/** Event names for filters and webhook subscriptions (type-checked to match contract/events.ts exactly). */
import type { EventName } from "../../../contract/events.js";
import type { webhookEvents } from "../../../contract/events.js";

type WebhookEventName = keyof typeof webhookEvents;

export const webhookEventNames = [
  "user.created", "user.updated", "user.deleted", "team.created", "team.updated", "team.deleted",
  "team_membership.created", "team_membership.deleted", "team_permission.created", "team_permission.deleted",
  "project_permission.created", "project_permission.deleted", "contact_channel.created", "contact_channel.updated",
  "contact_channel.deleted", "session.created", "session.deleted", "api_key.created", "api_key.revoked",
  "oauth_provider.created", "oauth_provider.updated", "oauth_provider.deleted", "oauth_client.created", "oauth_client.updated", "oauth_client.deleted",
  "oauth_consent.granted", "oauth_consent.revoked", "oauth_token.issued",
] as const satisfies readonly WebhookEventName[];

export const auditOnlyEventNames = [
  "auth.sign_in_failed", "auth.locked_out", "api_key_set.created", "api_key_set.revoked", "project.updated",
  "project.config_changed", "project.transferred", "project.signing_keys_rotated", "session.impersonation_link_created", "webhook_endpoint.created", "webhook_endpoint.updated",
  "webhook_endpoint.deleted", "webhook_endpoint.secret_rotated", "webhook.redelivered", "oauth_client.secret_rotated",
  "team_permission_definition.created", "team_permission_definition.updated", "team_permission_definition.deleted",
  "project_permission_definition.created", "project_permission_definition.updated", "project_permission_definition.deleted",
] as const satisfies readonly EventName[];

export const allEventNames: readonly EventName[] = [...webhookEventNames, ...auditOnlyEventNames];

// Fails to compile when the contract gains an event these lists lack.
type Missing = Exclude<EventName, (typeof webhookEventNames)[number] | (typeof auditOnlyEventNames)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;
