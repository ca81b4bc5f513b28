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
import { oauthClient } from "./identity-provider.js";
import { uuid } from "./fields.js";
import { serverLinkedAccount } from "./oauth.js";
import { permissionDefinition, projectPermission, teamPermission } from "./permissions.js";
import { teamMembership } from "./teams.js";
import { serverTeam } from "./teams-shared.js";
import { serverUser } from "./users.js";
import { signingKeyRotation } from "./signing-keys.js";

const id = z.object({ id: uuid });

/** A deleted user, with the teams it belonged to (its memberships went with it). */
export const deletedUserEvent = z.object({ id: uuid, teams: z.array(id) });

/** A session as events show it: who and what kind, never its refresh token. */
export const sessionEvent = z.object({ id: uuid, user_id: uuid, is_impersonation: z.boolean() });
export const deletedSessionEvent = z.object({ id: uuid, user_id: uuid });

export const deletedContactChannelEvent = z.object({ id: uuid, user_id: uuid });

/** An unlinked provider account (its stored provider tokens went with it). */
export const deletedOAuthProviderEvent = z.object({ id: uuid, user_id: uuid, provider_config_id: z.string() });

/** A user or team API key as read (its value shows only the last four characters). */
export const apiKeyEvent = z.discriminatedUnion("type", [userApiKey, teamApiKey]);

/** A deleted OAuth client of the project as an identity provider (its consents and tokens went with it). */
export const oauthClientDeletedEvent = z.object({ client_id: z.string() });
/** A user's consent to an OAuth client, given on the consent page or withdrawn in account settings. */
export const oauthConsentEvent = z.object({ user_id: uuid, client_id: z.string(), scopes: z.array(z.string()) });
/** Tokens the project issued to an OAuth client (user_id null for client_credentials). */
export const oauthTokenIssuedEvent = z.object({
  client_id: z.string(),
  user_id: uuid.nullable(),
  grant_type: z.enum(["authorization_code", "refresh_token", "client_credentials"]),
  scopes: z.array(z.string()),
  resource: z.string().nullable(),
});

/** The events webhooks deliver (and the audit log keeps when they are admin actions or security events). */
export const webhookEvents = {
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
  "oauth_provider.created": serverLinkedAccount,
  "oauth_provider.updated": serverLinkedAccount,
  "oauth_provider.deleted": deletedOAuthProviderEvent,
  "oauth_client.created": oauthClient,
  "oauth_client.updated": oauthClient,
  "oauth_client.deleted": oauthClientDeletedEvent,
  "oauth_consent.granted": oauthConsentEvent,
  "oauth_consent.revoked": oauthConsentEvent,
  "oauth_token.issued": oauthTokenIssuedEvent,
} as const satisfies Record<string, z.ZodType>;

export const webhookEventNames = Object.keys(webhookEvents) as (keyof typeof webhookEvents)[];

const signInMethod = z.enum(["password", "otp", "mfa", "passkey", "oauth"]);

/** A webhook endpoint as the audit log shows it (never its secret). */
export const webhookEndpointEvent = z.object({ id: uuid, url: z.string(), event_types: z.array(z.string()).nullable(), enabled: z.boolean() });

/** A permission definition after an update, with the id it had before (the same unless renamed). */
export const permissionDefinitionUpdatedEvent = permissionDefinition.extend({ previous_id: z.string() });
/** A deleted permission definition (its grants, containments and default-set entries went with it). */
export const deletedPermissionDefinitionEvent = z.object({ id: z.string() });

/**
 * Events only the audit log keeps (never delivered to webhooks): security events and admin actions
 * that change no user-facing resource.
 */
export const auditOnlyEvents = {
  /** A sign-in was refused (wrong password or second factor). `user_id` when the address is a user's. */
  "auth.sign_in_failed": z.object({ method: signInMethod, email: z.string().nullable(), user_id: uuid.nullable(), reason: z.string() }),
  /** Sign-ins for an address are refused for a while after too many failures. */
  "auth.locked_out": z.object({ method: signInMethod, email: z.string(), retry_after_seconds: z.number().int() }),
  "api_key_set.created": z.object({
    id: uuid,
    description: z.string(),
    expires_at_millis: z.number(),
    has_publishable_client_key: z.boolean(),
    has_secret_server_key: z.boolean(),
    has_super_secret_admin_key: z.boolean(),
  }),
  "api_key_set.revoked": z.object({ id: uuid }),
  /** The project's own fields changed (display name, description, logos, production mode). */
  "project.updated": z.object({ changed_fields: z.array(z.string()) }),
  /** The project's configuration changed: the top-level keys of the override that was applied. */
  "project.config_changed": z.object({ changed_keys: z.array(z.string()) }),
  "project.transferred": z.object({ from_team_id: z.string().nullable(), to_team_id: z.string() }),
  /** The project's access-token signing keys were rotated: per key set, the key ids involved (public values only). */
  /** An admin asked for a one-time link that signs a browser in as the user (its session is recorded when used). */
  "session.impersonation_link_created": z.object({ user_id: uuid, expires_at_millis: z.number() }),
  "project.signing_keys_rotated": z.object({ key_sets: z.array(signingKeyRotation) }),
  "webhook_endpoint.created": webhookEndpointEvent,
  "webhook_endpoint.updated": webhookEndpointEvent,
  "webhook_endpoint.deleted": z.object({ id: uuid }),
  "webhook_endpoint.secret_rotated": z.object({ id: uuid }),
  /** A confidential OAuth client was given a new secret (the old one stopped working); never the secret itself. */
  "oauth_client.secret_rotated": z.object({ client_id: z.string(), secret_last_four: z.string() }),
  "webhook.redelivered": z.object({ endpoint_id: uuid, delivery_id: uuid, new_delivery_id: uuid }),
  /** Permission definitions (not grants): the definition as it is afterwards; an update names the id it had before (renames). */
  "team_permission_definition.created": permissionDefinition,
  "team_permission_definition.updated": permissionDefinitionUpdatedEvent,
  "team_permission_definition.deleted": deletedPermissionDefinitionEvent,
  "project_permission_definition.created": permissionDefinition,
  "project_permission_definition.updated": permissionDefinitionUpdatedEvent,
  "project_permission_definition.deleted": deletedPermissionDefinitionEvent,
} as const satisfies Record<string, z.ZodType>;

export const events = { ...webhookEvents, ...auditOnlyEvents } as const;

export type EventName = keyof typeof events;
export const eventNames = Object.keys(events) as EventName[];

/** What a service hands to `recordEvent` for an event (the schema's input: views produce it). */
export type EventPayload<N extends EventName> = z.input<(typeof events)[N]>;
