import { decorated } from "../decorate.js";
import type { JsonValue } from "../../generated.js";
import { type AppContext, type ServerTeamJson, serverApi, toDate } from "../context.js";
import { apiKeyCreateBody, createApiKey } from "./api-key.js";
import type { ApiKey, ApiKeyCreationOptions } from "./api-key.js";
import { checkoutUrlMethod } from "./customer.js";
import { getServerItem, type ServerItem } from "./item.js";
import { createServerUser, type ServerUser } from "./server-user.js";
import { invitationOf, teamFields, teamUpdateBody, type Team, type TeamInvitation, type TeamMemberProfile, type TeamUpdateOptions } from "./team.js";

export interface ServerTeamUpdateOptions extends TeamUpdateOptions {
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

export type ServerTeamUser = ServerUser & { teamProfile: TeamMemberProfile };

/** A team with server fields and the server's methods. */
export interface ServerTeam extends Omit<Team, "listUsers" | "update" | "getItem"> {
  createdAt: Date;
  serverMetadata: unknown;
  /** The members as server users, each with its team profile. @example `const members = await team.listUsers();` */
  listUsers(): Promise<ServerTeamUser[]>;
  /** Changes the team's fields, server ones included. @example `await team.update({ serverMetadata: { plan: "pro" } });` */
  update(update: ServerTeamUpdateOptions): Promise<void>;
  /** Adds a user to the team (with the member's default permissions); throws `TeamMembershipAlreadyExists` for a member, `UserNotFound` for an unknown user. @example `await team.addUser(userId);` */
  addUser(userId: string): Promise<void>;
  /** Removes a user from the team; throws `TeamMembershipNotFound` when the user is not a member. @example `await team.removeUser(userId);` */
  removeUser(userId: string): Promise<void>;
  /** Mails an invitation to join the team, linking to `callbackUrl` (the app's team invitation page by default). @example `await team.inviteUser({ email: "ada@example.com", callbackUrl: "https://app.example.com/handler/team-invitation" });` */
  inviteUser(options: { email: string; callbackUrl?: string }): Promise<void>;
  /** The team's pending invitations. @example `const pending = await team.listInvitations();` */
  listInvitations(): Promise<TeamInvitation[]>;
  /** Creates an API key for the team; its full `value` appears only in this answer. @example `const key = await team.createApiKey({ description: "backend", expiresAt: null });` */
  createApiKey(options: ApiKeyCreationOptions): Promise<ApiKey<true>>;
  /** The team's API keys, showing each key's last four characters. @example `const keys = await team.listApiKeys();` */
  listApiKeys(): Promise<ApiKey[]>;
  /** An item the team holds, with the methods that change its quantity; throws `ItemNotFound` for an item the project does not define. @example `const seats = await team.getItem("seats");` */
  getItem(itemId: string): Promise<ServerItem>;
}

/** A team with server fields and the server's methods (members, invitations, keys, items). */
export function createServerTeam(context: AppContext, json: ServerTeamJson): ServerTeam {
  const api = serverApi(context);
  const team_id = json.id;
  return decorated<ServerTeam>("serverTeam", context, ["serverTeam", team_id], {
    ...teamFields(json),
    createdAt: toDate(json.created_at_millis),
    serverMetadata: json.server_metadata,
    async listUsers() {
      const { items } = await api("get", "/team-member-profiles", { query: { team_id } });
      return items.map((p) => ({ ...createServerUser(context, p.user), teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url } }));
    },
    async update(update: ServerTeamUpdateOptions) {
      await api("patch", "/teams/{team_id}", {
        path: { team_id },
        body: {
          ...teamUpdateBody(update),
          client_read_only_metadata: update.clientReadOnlyMetadata as JsonValue,
          server_metadata: update.serverMetadata as JsonValue,
        },
      });
      context.changed();
    },
    async delete() {
      await api("delete", "/teams/{team_id}", { path: { team_id } });
      context.changed();
    },
    async addUser(userId: string) {
      await api("post", "/team-memberships/{team_id}/{user_id}", { path: { team_id, user_id: userId } });
      context.changed();
    },
    async removeUser(userId: string) {
      await api("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id, user_id: userId } });
      context.changed();
    },
    async inviteUser({ email, callbackUrl }: { email: string; callbackUrl?: string }) {
      await api("post", "/team-invitations/send-code", { body: { email, team_id, callback_url: callbackUrl ?? context.callbackUrl("teamInvitation") } });
      context.changed();
    },
    async listInvitations() {
      const { items } = await api("get", "/team-invitations", { query: { team_id } });
      return items.map((i) => invitationOf(context, i, () => api("delete", "/team-invitations/{id}", { path: { id: i.id }, query: { team_id } })));
    },
    async createApiKey(options: ApiKeyCreationOptions) {
      const created = await api("post", "/team-api-keys", { body: { team_id, ...apiKeyCreateBody(options) } });
      context.changed();
      return createApiKey<true>(context, "server", created, null);
    },
    async listApiKeys() {
      const { items } = await api("get", "/team-api-keys", { query: { team_id } });
      return items.map((k) => createApiKey<false>(context, "server", k, null));
    },
    getItem: (itemId: string) => getServerItem(context, { itemId, teamId: team_id }),
    createCheckoutUrl: checkoutUrlMethod(context, "team", team_id, null),
  });
}
