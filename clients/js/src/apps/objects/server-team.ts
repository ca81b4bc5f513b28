import { type AppContext, type ServerTeamJson, serverApi, toDate } from "../context.js";
import { apiKeyCreateBody, createApiKey } from "./api-key.js";
import type { ApiKey, ApiKeyCreationOptions } from "./api-key.js";
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
  listUsers(): Promise<ServerTeamUser[]>;
  update(update: ServerTeamUpdateOptions): Promise<void>;
  addUser(userId: string): Promise<void>;
  removeUser(userId: string): Promise<void>;
  inviteUser(options: { email: string; callbackUrl?: string }): Promise<void>;
  listInvitations(): Promise<TeamInvitation[]>;
  createApiKey(options: ApiKeyCreationOptions): Promise<ApiKey<true>>;
  listApiKeys(): Promise<ApiKey[]>;
  getItem(itemId: string): Promise<ServerItem>;
}

/** A team with server fields and the server's methods (members, invitations, keys, items). */
export function createServerTeam(context: AppContext, json: ServerTeamJson): ServerTeam {
  const api = serverApi(context);
  const team_id = json.id;
  return {
    ...teamFields(json),
    createdAt: toDate(json.created_at_millis),
    serverMetadata: json.server_metadata,
    /** The members as server users, each with its team profile. @example `const members = await team.listUsers();` */
    async listUsers() {
      const { items } = await api("get", "/team-member-profiles", { query: { team_id } });
      return items.map((p) => ({ ...createServerUser(context, p.user), teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url } }));
    },
    /** @example `await team.update({ serverMetadata: { plan: "pro" } });` */
    async update(update: ServerTeamUpdateOptions) {
      await api("patch", "/teams/{team_id}", {
        path: { team_id },
        body: {
          ...teamUpdateBody(update),
          ...(update.clientReadOnlyMetadata !== undefined && { client_read_only_metadata: update.clientReadOnlyMetadata as Record<string, unknown> | null }),
          ...(update.serverMetadata !== undefined && { server_metadata: update.serverMetadata as Record<string, unknown> | null }),
        },
      });
      context.changed();
    },
    /** @example `await team.delete();` */
    async delete() {
      await api("delete", "/teams/{team_id}", { path: { team_id } });
      context.changed();
    },
    /** @example `await team.addUser(userId);` */
    async addUser(userId: string) {
      await api("post", "/team-memberships/{team_id}/{user_id}", { path: { team_id, user_id: userId } });
      context.changed();
    },
    /** @example `await team.removeUser(userId);` */
    async removeUser(userId: string) {
      await api("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id, user_id: userId } });
      context.changed();
    },
    /** @example `await team.inviteUser({ email: "ada@example.com", callbackUrl });` */
    async inviteUser({ email, callbackUrl }: { email: string; callbackUrl?: string }) {
      await api("post", "/team-invitations/send-code", { body: { email, team_id, callback_url: callbackUrl ?? context.callbackUrl("teamInvitation") } });
      context.changed();
    },
    /** @example `const pending = await team.listInvitations();` */
    async listInvitations() {
      const { items } = await api("get", "/team-invitations", { query: { team_id } });
      return items.map((i) => invitationOf(context, i, () => api("delete", "/team-invitations/{id}", { path: { id: i.id }, query: { team_id } })));
    },
    /** @example `const key = await team.createApiKey({ description: "backend", expiresAt: null });` */
    async createApiKey(options: ApiKeyCreationOptions) {
      const created = await api("post", "/team-api-keys", { body: { team_id, ...apiKeyCreateBody(options) } });
      context.changed();
      return createApiKey<true>(context, "server", created, null);
    },
    /** @example `const keys = await team.listApiKeys();` */
    async listApiKeys() {
      const { items } = await api("get", "/team-api-keys", { query: { team_id } });
      return items.map((k) => createApiKey<false>(context, "server", k, null));
    },
    /** @example `const seats = await team.getItem("seats");` */
    getItem: (itemId: string) => getServerItem(context, { itemId, teamId: team_id }),
  };
}
