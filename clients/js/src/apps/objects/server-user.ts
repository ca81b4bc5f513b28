/** Server users and server teams: a user lists its teams and a team its users, so the two live together. */
import { decorated } from "../decorate.js";
import type { JsonValue } from "../../generated.js";
import type { KnownError } from "../../core/errors/known-error.js";
import { type AppContext, type ServerTeamJson, type ServerUserJson, serverApi, toDate } from "../context.js";
import { apiKeyCreateBody, createApiKey, type ApiKey, type ApiKeyCreationOptions } from "./api-key.js";
import { channelCreateBody, createContactChannel, type ContactChannelCreateOptions } from "./contact-channel.js";
import { checkoutUrlMethod } from "./customer.js";
import { getServerItem, type ServerItem } from "./item.js";
import { notificationCategoriesMethod } from "./notification-category.js";
import { listServerOAuthProviders } from "./oauth-provider.js";
import { mergeScopes } from "../oauth.js";
import { oauthConnection, tokenOrNull, type ConnectedAccountOptions, type OAuthConnection } from "./user-auth-extras.js";
import { grantPermission, permissionArgs, permissionMethods, revokePermission } from "./permissions.js";
import { activeSessionOf, sessionHandle } from "./session.js";
import { invitationOf, teamFields, teamUpdateBody, type Team, type TeamCreateOptions, type TeamInvitation, type TeamMemberProfile, type TeamUpdateOptions } from "./team.js";
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
    primary_email: update.primaryEmail,
    primary_email_verified: update.primaryEmailVerified,
    primary_email_auth_enabled: update.primaryEmailAuthEnabled,
    client_read_only_metadata: update.clientReadOnlyMetadata as JsonValue,
    server_metadata: update.serverMetadata as JsonValue,
    password: update.password,
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
  return decorated("serverUser", context, ["serverUser", user_id], {
    ...userFields(json, selectedTeam),
    ...permissionMethods(context, null, user_id),
    lastActiveAt: toDate(json.last_active_at_millis),
    serverMetadata: json.server_metadata,
    /** The user as the server API sends it (server fields included). @example `const json = JSON.stringify(user.toClientJson());` */
    toClientJson: () => json,
    /** Changes any of the user's fields, server ones included (e-mail, password, metadata); throws `UserNotFound` for a deleted user, `UserWithEmailAlreadyExists` for a taken sign-in e-mail. @example `await user.update({ serverMetadata: { plan: "pro" } });` */
    update,
    /** Changes the display name. @example `await user.setDisplayName("Ada");` */
    setDisplayName: (displayName: string) => update({ displayName }),
    /** Replaces the client metadata (which the user's browser may read and change). @example `await user.setClientMetadata({ theme: "dark" });` */
    setClientMetadata: (clientMetadata: unknown) => update({ clientMetadata }),
    /** Replaces the server metadata (never sent to browsers). @example `await user.setServerMetadata({ plan: "pro" });` */
    setServerMetadata: (serverMetadata: unknown) => update({ serverMetadata }),
    /** Replaces the client read-only metadata (browsers read it, only servers change it). @example `await user.setClientReadOnlyMetadata({ seats: 3 });` */
    setClientReadOnlyMetadata: (clientReadOnlyMetadata: unknown) => update({ clientReadOnlyMetadata }),
    /** Sets (or with null removes) the primary e-mail, optionally marking it verified; throws `UserWithEmailAlreadyExists` when another user signs in with it. @example `await user.setPrimaryEmail("ada@example.com", { verified: true });` */
    setPrimaryEmail: (email: string | null, options?: { verified?: boolean }) => update({ primaryEmail: email, ...(options?.verified !== undefined && { primaryEmailVerified: options.verified }) }),
    /** Selects one of the user's teams, or none with null; throws `TeamMembershipNotFound` for a team the user is not in. @example `await user.setSelectedTeam(team);` */
    setSelectedTeam: (team: { id: string } | null) => update({ selectedTeamId: team?.id ?? null }),
    /**
     * A connected account of the user: a linked provider account whose access token (covering `scopes`)
     * the server may use; null when there is none (an error with `or: "throw"`). Servers cannot send the
     * user through a link flow: `or: "redirect"` throws when the account is missing.
     * @example
     * ```ts
     * const github = await user.getConnectedAccount("github", { scopes: ["repo"] });
     * if (github) console.log((await github.getAccessToken()).accessToken);
     * ```
     */
    async getConnectedAccount(provider: string, options?: ConnectedAccountOptions): Promise<OAuthConnection | null> {
      const scope = mergeScopes(...(options?.scopes ?? []));
      const fetchToken = (provider_id: string, scope: string) => tokenOrNull(() => api("post", "/connected-accounts/{user_id}/{provider_id}/access-token", { path: { user_id, provider_id }, body: { scope } }));
      const token = json.oauth_providers.some((p) => p.id === provider) ? await fetchToken(provider, scope) : null;
      if (token !== null) return oauthConnection(provider, scope, token, fetchToken);
      if (options?.or === "throw" || options?.or === "redirect") throw new Error(`The user has no connected ${provider} account${scope ? ` with the scopes ${scope}` : ""}`);
      return null;
    },
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
    /**
     * Mails a verification code to the primary e-mail (nothing when the user has none); answers undefined.
     * @deprecated Use a contact channel's `sendVerificationEmail`.
     * @example `await (await user.listContactChannels()).find((c) => c.isPrimary)?.sendVerificationEmail();`
     */
    async sendVerificationEmail(): Promise<KnownError | undefined> {
      const { items } = await api("get", "/contact-channels", { query: { user_id } });
      const primary = items.find((c) => c.is_primary);
      if (!primary) return undefined;
      await createContactChannel(context, null, primary).sendVerificationEmail();
      return undefined;
    },
    /** Deletes the user for good; their sessions stop working. @example `await user.delete();` */
    async delete() {
      await api("delete", "/users/{user_id}", { path: { user_id } });
      context.changed();
    },
    /** The teams the user belongs to. @example `const teams = await user.listTeams();` */
    listTeams,
    /** One of the user's teams by id; null when the user is not a member. @example `const team = await user.getTeam(teamId);` */
    async getTeam(id: string) {
      return (await listTeams()).find((t) => t.id === id) ?? null;
    },
    /** Creates a team with this user as its creator (a member with the creator's default permissions) and answers it. @example `const team = await user.createTeam({ displayName: "Lab" });` */
    async createTeam(data: TeamCreateOptions) {
      const created = await api("post", "/teams", { body: { display_name: data.displayName, creator_user_id: user_id, profile_image_url: data.profileImageUrl } });
      context.changed();
      return createServerTeam(context, created);
    },
    /** Removes the user from a team. @example `await user.leaveTeam(team);` */
    async leaveTeam(team: { id: string }) {
      await api("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id: team.id, user_id } });
      context.changed();
    },
    /** The user's profile in a team, editable; throws `TeamMembershipNotFound` when the user is not a member. @example `const profile = await user.getTeamProfile(team);` */
    async getTeamProfile(team: { id: string }): Promise<EditableTeamMemberProfile> {
      const path = { team_id: team.id, user_id };
      const profile = await api("get", "/team-member-profiles/{team_id}/{user_id}", { path });
      return {
        displayName: profile.display_name,
        profileImageUrl: profile.profile_image_url,
        async update(data) {
          await api("patch", "/team-member-profiles/{team_id}/{user_id}", {
            path,
            body: { display_name: data.displayName, profile_image_url: data.profileImageUrl },
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
    /** Revokes a team permission, or a project permission without a team; throws `TeamPermissionNotFound` / `PermissionNotFound` when it was not granted. @example `await user.revokePermission(team, "editor");` */
    async revokePermission(...args: unknown[]) {
      const { scope, rest } = permissionArgs(args);
      await revokePermission(context, user_id, scope, rest[0] as string);
    },
    /** The user's e-mail addresses. @example `const channels = await user.listContactChannels();` */
    async listContactChannels() {
      const { items } = await api("get", "/contact-channels", { query: { user_id } });
      return items.map((c) => createContactChannel(context, null, c));
    },
    /** Adds an e-mail address (verified if the server says so) and answers it; throws `ContactChannelAlreadyUsedForAuthBySomeoneElse` when `usedForAuth` and another user signs in with it. @example `await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: true, isVerified: true });` */
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
    /** The user's sessions, with when each was last used. @example `const sessions = await user.getActiveSessions();` */
    async getActiveSessions() {
      const { items } = await api("get", "/auth/sessions", { query: { user_id } });
      return items.map(activeSessionOf);
    },
    /** Ends one of the user's sessions (its refresh token stops working). @example `await user.revokeSession(sessionId);` */
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
      return {
        /** The new session's access and refresh tokens. @example `const { accessToken, refreshToken } = await (await user.createSession()).getTokens();` */
        getTokens: async () => ({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }),
      };
    },
    /** Creates an API key for the user; its full `value` appears only in this answer. @example `const key = await user.createApiKey({ description: "backend", expiresAt: null });` */
    async createApiKey(options: ApiKeyCreationOptions) {
      const created = await api("post", "/user-api-keys", { body: { user_id, ...apiKeyCreateBody(options) } });
      context.changed();
      return createApiKey<true>(context, "server", created, null);
    },
    /** The user's API keys, showing each key's last four characters. @example `const keys = await user.listApiKeys();` */
    async listApiKeys() {
      const { items } = await api("get", "/user-api-keys", { query: { user_id } });
      return items.map((k) => createApiKey<false>(context, "server", k, null));
    },
    /** An item the user holds, with the methods that change its quantity; throws `ItemNotFound` for an item the project does not define. @example `const credits = await user.getItem("credits");` */
    getItem: (itemId: string) => getServerItem(context, { itemId, userId: user_id }),
    /** The URL of the hosted checkout page for an offer bought by this user (valid 24 hours, one purchase); throws `OfferDoesNotExist` for an unknown offer. @example `const url = await user.createCheckoutUrl({ offerId: "pro" });` */
    createCheckoutUrl: checkoutUrlMethod(context, "user", user_id, null),
    /** The kinds of e-mail the project sends, each with whether the user receives it. @example `const categories = await user.listNotificationCategories();` */
    listNotificationCategories: notificationCategoriesMethod(context, user_id, null),
  });
}

export type ServerUser = ReturnType<typeof createServerUser>;
export { sessionHandle };

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
