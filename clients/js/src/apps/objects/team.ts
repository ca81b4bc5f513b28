import { decorated } from "../decorate.js";
import type { JsonValue } from "../../generated.js";
import type { Session } from "../../core/tokens/session.js";
import { type AppContext, type ClientTeamJson, toDate } from "../context.js";
import { apiKeyCreateBody, createApiKey, type ApiKey, type ApiKeyCreationOptions } from "./api-key.js";
import { checkoutUrlMethod, type CheckoutUrlOptions } from "./customer.js";
import { getClientItem, type Item } from "./item.js";

export interface TeamMemberProfile {
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface TeamUser {
  id: string;
  teamProfile: TeamMemberProfile;
  /** The member's primary e-mail address (null when they have none); Latchkey servers send it to members who may list the team. */
  primaryEmail: string | null;
}

export interface TeamInvitation {
  id: string;
  recipientEmail: string | null;
  expiresAt: Date;
  /** Withdraws the invitation; its code stops working. @example `await invitation.revoke();` */
  revoke(): Promise<void>;
}

export interface TeamUpdateOptions {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
}

export interface TeamCreateOptions {
  displayName: string;
  profileImageUrl?: string;
}

/** A team as a member sees it. */
export interface Team {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  /**
   * Mails an invitation to join the team.
   * @example
   * ```ts
   * await team.inviteUser({ email: "ada@example.com", callbackUrl: "https://app.example.com/handler/team-invitation" });
   * ```
   */
  inviteUser(options: { email: string; callbackUrl?: string }): Promise<void>;
  /** The members with their team profiles. @example `const members = await team.listUsers();` */
  listUsers(): Promise<TeamUser[]>;
  /** Removes a member; others than yourself need the `$remove_members` permission (`TeamPermissionRequired` otherwise). @example `await team.removeUser(userId);` */
  removeUser(userId: string): Promise<void>;
  /** Pending invitations. @example `const pending = await team.listInvitations();` */
  listInvitations(): Promise<TeamInvitation[]>;
  /** Changes the team's name, picture or client metadata; needs the `$update_team` permission (`TeamPermissionRequired` otherwise). @example `await team.update({ displayName: "Research" });` */
  update(update: TeamUpdateOptions): Promise<void>;
  /** Deletes the team with its memberships; needs the `$delete_team` permission on clients (`TeamPermissionRequired` otherwise). @example `await team.delete();` */
  delete(): Promise<void>;
  /** Creates an API key for the team; its full `value` appears only in this answer. @example `const key = await team.createApiKey({ description: "CI", expiresAt: null });` */
  createApiKey(options: ApiKeyCreationOptions): Promise<ApiKey<true>>;
  /** The team's API keys, showing each key's last four characters. @example `const keys = await team.listApiKeys();` */
  listApiKeys(): Promise<ApiKey[]>;
  /** How much of an item (seats, credits, ...) the team holds; throws `ItemNotFound` for an item the project does not define. @example `const seats = await team.getItem("seats");` */
  getItem(itemId: string): Promise<Item>;
  /** The hosted checkout page's URL for an offer bought by this team. @example `const url = await team.createCheckoutUrl({ offerId: "team-plan" });` */
  createCheckoutUrl(options: CheckoutUrlOptions): Promise<string>;
}

export const teamUpdateBody = (update: TeamUpdateOptions) => ({
  display_name: update.displayName,
  profile_image_url: update.profileImageUrl,
  client_metadata: update.clientMetadata as JsonValue,
});

/** The team fields shared by the client and server views. */
export function teamFields(json: ClientTeamJson) {
  return {
    id: json.id,
    displayName: json.display_name,
    profileImageUrl: json.profile_image_url,
    clientMetadata: json.client_metadata,
    clientReadOnlyMetadata: json.client_read_only_metadata,
  };
}

export function invitationOf(context: AppContext, json: { id: string; recipient_email: string; expires_at_millis: number; team_id: string }, revoke: () => Promise<unknown>): TeamInvitation {
  return {
    id: json.id,
    recipientEmail: json.recipient_email,
    expiresAt: toDate(json.expires_at_millis),
    async revoke() {
      await revoke();
      context.changed();
    },
  };
}

/** A team seen through a signed-in user's session (client requests). */
export function createClientTeam(context: AppContext, session: Session, json: ClientTeamJson): Team {
  const team_id = json.id;
  return decorated<Team>("team", context, ["team", session, team_id], {
    ...teamFields(json),
    async inviteUser({ email, callbackUrl }) {
      await context.client("post", "/team-invitations/send-code", { body: { email, team_id, callback_url: callbackUrl ?? context.callbackUrl("teamInvitation") } }, session);
      context.changed();
    },
    async listUsers() {
      const { items } = await context.client("get", "/team-member-profiles", { query: { team_id } }, session);
      return items.map((p) => ({ id: p.user_id, teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url }, primaryEmail: p.primary_email ?? null }));
    },
    async removeUser(userId) {
      await context.client("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id, user_id: userId } }, session);
      context.changed();
    },
    async listInvitations() {
      const { items } = await context.client("get", "/team-invitations", { query: { team_id } }, session);
      return items.map((i) => invitationOf(context, i, () => context.client("delete", "/team-invitations/{id}", { path: { id: i.id }, query: { team_id } }, session)));
    },
    async update(update) {
      await context.client("patch", "/teams/{team_id}", { path: { team_id }, body: teamUpdateBody(update) }, session);
      context.changed();
    },
    async delete() {
      await context.client("delete", "/teams/{team_id}", { path: { team_id } }, session);
      context.changed();
    },
    async createApiKey(options) {
      const json = await context.client("post", "/team-api-keys", { body: { team_id, ...apiKeyCreateBody(options) } }, session);
      context.changed();
      return createApiKey<true>(context, "client", json, session);
    },
    async listApiKeys() {
      const { items } = await context.client("get", "/team-api-keys", { query: { team_id } }, session);
      return items.map((k) => createApiKey<false>(context, "client", k, session));
    },
    getItem: (itemId) => getClientItem(context, { itemId, teamId: team_id }, session),
    createCheckoutUrl: checkoutUrlMethod(context, "team", team_id, session),
  });
}
