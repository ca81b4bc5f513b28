import type { KnownError } from "../../core/errors/known-error.js";
import { type AppContext, type ServerUserJson, serverApi, toDate } from "../context.js";
import { apiKeyCreateBody, createApiKey, type ApiKeyCreationOptions } from "./api-key.js";
import { channelCreateBody, createContactChannel, type ContactChannelCreateOptions } from "./contact-channel.js";
import { getServerItem } from "./item.js";
import { listServerOAuthProviders } from "./oauth-provider.js";
import { grantPermission, permissionArgs, permissionMethods, revokePermission } from "./permissions.js";
import { activeSessionOf, sessionHandle } from "./session.js";
import { createServerTeam, type ServerTeam } from "./server-team.js";
import type { TeamCreateOptions } from "./team.js";
import { userFields, userUpdateBody, type EditableTeamMemberProfile, type UserUpdateOptions } from "./user.js";

export interface ServerUserUpdateOptions extends UserUpdateOptions {
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  password?: string;
}

export function serverUserUpdateBody(update: ServerUserUpdateOptions) {
  return {
    ...userUpdateBody(update),
    ...(update.primaryEmail !== undefined && { primary_email: update.primaryEmail }),
    ...(update.primaryEmailVerified !== undefined && { primary_email_verified: update.primaryEmailVerified }),
    ...(update.primaryEmailAuthEnabled !== undefined && { primary_email_auth_enabled: update.primaryEmailAuthEnabled }),
    ...(update.clientReadOnlyMetadata !== undefined && { client_read_only_metadata: update.clientReadOnlyMetadata as Record<string, unknown> | null }),
    ...(update.serverMetadata !== undefined && { server_metadata: update.serverMetadata as Record<string, unknown> | null }),
    ...(update.password !== undefined && { password: update.password }),
  };
}

/** A user as the server sees it (server fields, and methods acting with the secret key). */
export function createServerUser(context: AppContext, json: ServerUserJson) {
  const api = serverApi(context);
  const user_id = json.id;
  const selectedTeam = json.selected_team ? createServerTeam(context, json.selected_team) : null;
  const update = async (update: ServerUserUpdateOptions) => {
    await api("patch", "/users/{user_id}", { path: { user_id }, body: serverUserUpdateBody(update) });
    context.changed();
  };
  const listTeams = async (): Promise<ServerTeam[]> => {
    const { items } = await api("get", "/teams", { query: { user_id } });
    return items.map((t) => createServerTeam(context, t));
  };
  return {
    ...userFields(json, selectedTeam),
    ...permissionMethods(context, null, user_id),
    lastActiveAt: toDate(json.last_active_at_millis),
    serverMetadata: json.server_metadata,
    /** @example `JSON.stringify(user.toClientJson())` */
    toClientJson: () => json,
    /** @example `await user.update({ serverMetadata: { plan: "pro" } });` */
    update,
    /** @example `await user.setDisplayName("Ada");` */
    setDisplayName: (displayName: string) => update({ displayName }),
    /** @example `await user.setClientMetadata({ theme: "dark" });` */
    setClientMetadata: (clientMetadata: unknown) => update({ clientMetadata }),
    /** @example `await user.setServerMetadata({ plan: "pro" });` */
    setServerMetadata: (serverMetadata: unknown) => update({ serverMetadata }),
    /** @example `await user.setClientReadOnlyMetadata({ seats: 3 });` */
    setClientReadOnlyMetadata: (clientReadOnlyMetadata: unknown) => update({ clientReadOnlyMetadata }),
    /** @example `await user.setPrimaryEmail("ada@example.com", { verified: true });` */
    setPrimaryEmail: (email: string | null, options?: { verified?: boolean }) => update({ primaryEmail: email, ...(options?.verified !== undefined && { primaryEmailVerified: options.verified }) }),
    /** @example `await user.setSelectedTeam(team);` */
    setSelectedTeam: (team: { id: string } | null) => update({ selectedTeamId: team?.id ?? null }),
    /** Sets the password (servers need no old password). @example `await user.setPassword({ password: "a long passphrase" });` */
    async setPassword(options: { password: string }): Promise<KnownError | undefined> {
      await update({ password: options.password });
      return undefined;
    },
    /** Sets the new password; servers do not check the old one. @example `await user.updatePassword({ oldPassword: "", newPassword });` */
    async updatePassword(options: { oldPassword: string; newPassword: string }): Promise<KnownError | undefined> {
      await update({ password: options.newPassword });
      return undefined;
    },
    /** @deprecated Use a contact channel's `sendVerificationEmail`. @example `await (await user.listContactChannels())[0]?.sendVerificationEmail();` */
    async sendVerificationEmail(): Promise<KnownError | undefined> {
      const { items } = await api("get", "/contact-channels", { query: { user_id } });
      const primary = items.find((c) => c.is_primary);
      if (!primary) return undefined;
      await createContactChannel(context, null, primary).sendVerificationEmail();
      return undefined;
    },
    /** @example `await user.delete();` */
    async delete() {
      await api("delete", "/users/{user_id}", { path: { user_id } });
      context.changed();
    },
    /** @example `const teams = await user.listTeams();` */
    listTeams,
    /** @example `const team = await user.getTeam(teamId);` */
    async getTeam(id: string) {
      return (await listTeams()).find((t) => t.id === id) ?? null;
    },
    /** @example `const team = await user.createTeam({ displayName: "Lab" });` */
    async createTeam(data: TeamCreateOptions) {
      const created = await api("post", "/teams", { body: { display_name: data.displayName, creator_user_id: user_id, ...(data.profileImageUrl !== undefined && { profile_image_url: data.profileImageUrl }) } });
      context.changed();
      return createServerTeam(context, created);
    },
    /** Removes the user from a team. @example `await user.leaveTeam(team);` */
    async leaveTeam(team: { id: string }) {
      await api("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id: team.id, user_id } });
      context.changed();
    },
    /** @example `const profile = await user.getTeamProfile(team);` */
    async getTeamProfile(team: { id: string }): Promise<EditableTeamMemberProfile> {
      const path = { team_id: team.id, user_id };
      const profile = await api("get", "/team-member-profiles/{team_id}/{user_id}", { path });
      return {
        displayName: profile.display_name,
        profileImageUrl: profile.profile_image_url,
        async update(data) {
          await api("patch", "/team-member-profiles/{team_id}/{user_id}", {
            path,
            body: { ...(data.displayName !== undefined && { display_name: data.displayName }), ...(data.profileImageUrl !== undefined && { profile_image_url: data.profileImageUrl }) },
          });
          context.changed();
        },
      };
    },
    /** Grants a team permission, or a project permission without a team. @example `await user.grantPermission(team, "editor");` */
    async grantPermission(...args: unknown[]) {
      const { scope, rest } = permissionArgs(args);
      await grantPermission(context, user_id, scope, rest[0] as string);
    },
    /** @example `await user.revokePermission(team, "editor");` */
    async revokePermission(...args: unknown[]) {
      const { scope, rest } = permissionArgs(args);
      await revokePermission(context, user_id, scope, rest[0] as string);
    },
    /** @example `const channels = await user.listContactChannels();` */
    async listContactChannels() {
      const { items } = await api("get", "/contact-channels", { query: { user_id } });
      return items.map((c) => createContactChannel(context, null, c));
    },
    /** @example `await user.createContactChannel({ type: "email", value, usedForAuth: true, isVerified: true });` */
    async createContactChannel(data: ContactChannelCreateOptions) {
      const created = await api("post", "/contact-channels", { body: channelCreateBody(user_id, data) });
      context.changed();
      return createContactChannel(context, null, created);
    },
    /** The provider accounts linked to this user, oldest first. @example `const providers = await user.listOAuthProviders();` */
    listOAuthProviders: () => listServerOAuthProviders(context, user_id),
    /** A linked provider account by its id; null when the user has none with that id. @example `const github = await user.getOAuthProvider(linkId);` */
    async getOAuthProvider(id: string) {
      return (await listServerOAuthProviders(context, user_id)).find((p) => p.id === id) ?? null;
    },
    /** @example `const sessions = await user.getActiveSessions();` */
    async getActiveSessions() {
      const { items } = await api("get", "/auth/sessions", { query: { user_id } });
      return items.map(activeSessionOf);
    },
    /** @example `await user.revokeSession(sessionId);` */
    async revokeSession(sessionId: string) {
      await api("delete", "/auth/sessions/{session_id}", { path: { session_id: sessionId }, query: { user_id } });
      context.changed();
    },
    /**
     * Starts a session for this user (server-side sign-in or impersonation).
     * @example
     * ```ts
     * const tokens = await (await user.createSession({ expiresInMillis: 3_600_000 })).getTokens();
     * ```
     */
    async createSession(options?: { expiresInMillis?: number; isImpersonation?: boolean }) {
      const tokens = await api("post", "/auth/sessions", {
        body: { user_id, ...(options?.expiresInMillis !== undefined && { expires_in_millis: options.expiresInMillis }), ...(options?.isImpersonation !== undefined && { is_impersonation: options.isImpersonation }) },
      });
      return { getTokens: async () => ({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }) };
    },
    /** @example `const key = await user.createApiKey({ description: "backend", expiresAt: null });` */
    async createApiKey(options: ApiKeyCreationOptions) {
      const created = await api("post", "/user-api-keys", { body: { user_id, ...apiKeyCreateBody(options) } });
      context.changed();
      return createApiKey<true>(context, "server", created, null);
    },
    /** @example `const keys = await user.listApiKeys();` */
    async listApiKeys() {
      const { items } = await api("get", "/user-api-keys", { query: { user_id } });
      return items.map((k) => createApiKey<false>(context, "server", k, null));
    },
    /** @example `const credits = await user.getItem("credits");` */
    getItem: (itemId: string) => getServerItem(context, { itemId, userId: user_id }),
  };
}

export type ServerUser = ReturnType<typeof createServerUser>;
export { sessionHandle };
