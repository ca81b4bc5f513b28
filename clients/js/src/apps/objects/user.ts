import { decorated } from "../decorate.js";
import type { JsonValue } from "../../generated.js";
import { KnownErrors } from "../../core/errors/known-errors.js";
import type { KnownError } from "../../core/errors/known-error.js";
import type { Session } from "../../core/tokens/session.js";
import { type AppContext, type ClientTeamJson, type ClientUserJson, toDate } from "../context.js";
import { authorizedAppMethods } from "./authorized-app.js";
import { apiKeyCreateBody, createApiKey, type ApiKey, type ApiKeyCreationOptions } from "./api-key.js";
import { channelCreateBody, createContactChannel, type ContactChannel, type ContactChannelCreateOptions } from "./contact-channel.js";
import { checkoutUrlMethod } from "./customer.js";
import { getClientItem, type Item } from "./item.js";
import { notificationCategoriesMethod } from "./notification-category.js";
import { permissionMethods } from "./permissions.js";
import { userAuthExtras } from "./user-auth-extras.js";
import { activeSessionOf, sessionHandle, type ActiveSession, type SessionHandle } from "./session.js";
import { createClientTeam, type Team, type TeamCreateOptions, type TeamMemberProfile } from "./team.js";

export interface UserUpdateOptions {
  displayName?: string;
  clientMetadata?: unknown;
  selectedTeamId?: string | null;
  totpMultiFactorSecret?: Uint8Array | null;
  profileImageUrl?: string | null;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
}

export interface EditableTeamMemberProfile extends TeamMemberProfile {
  /** Changes this user's name or picture in the team (only the user's own profile). @example `await profile.update({ displayName: "Ada (Research)" });` */
  update(update: { displayName?: string; profileImageUrl?: string | null }): Promise<void>;
}

/** The fields every view of a user has. */
export function userFields(json: ClientUserJson, selectedTeam: Team | null) {
  return {
    id: json.id,
    displayName: json.display_name,
    primaryEmail: json.primary_email,
    primaryEmailVerified: json.primary_email_verified,
    profileImageUrl: json.profile_image_url,
    signedUpAt: toDate(json.signed_up_at_millis),
    clientMetadata: json.client_metadata,
    clientReadOnlyMetadata: json.client_read_only_metadata,
    hasPassword: json.has_password,
    emailAuthEnabled: json.auth_with_email,
    otpAuthEnabled: json.otp_auth_enabled,
    passkeyAuthEnabled: json.passkey_auth_enabled,
    isMultiFactorRequired: json.requires_totp_mfa,
    isAnonymous: json.is_anonymous,
    oauthProviders: json.oauth_providers.map((p) => ({ id: p.id })),
    selectedTeam,
  };
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

export function userUpdateBody(update: UserUpdateOptions) {
  return {
    display_name: update.displayName,
    client_metadata: update.clientMetadata as JsonValue,
    selected_team_id: update.selectedTeamId,
    ...(update.totpMultiFactorSecret !== undefined && { totp_secret_base64: update.totpMultiFactorSecret === null ? null : base64(update.totpMultiFactorSecret) }),
    profile_image_url: update.profileImageUrl,
    otp_auth_enabled: update.otpAuthEnabled,
    passkey_auth_enabled: update.passkeyAuthEnabled,
  };
}

/** The session methods of a signed-in user (`Auth` in Stack's types). */
export function authMethods(context: AppContext, session: Session) {
  return {
    _internalSession: session,
    currentSession: sessionHandle(session) as SessionHandle,
    /**
     * Signs out: deletes the session on the server, then forgets it here.
     * @example
     * ```ts
     * await user.signOut();
     * ```
     */
    async signOut(options?: { redirectUrl?: URL | string }): Promise<void> {
      const tokens = await session.getLikelyValidTokens().catch(() => null);
      if (tokens) {
        try {
          await context.client("delete", "/auth/sessions/current", {}, session);
        } catch (error) {
          if (!(error instanceof KnownErrors.RefreshTokenError)) throw error;
        }
      }
      context.sessionEnded(session);
      if (options?.redirectUrl !== undefined) await context.redirect(String(options.redirectUrl));
    },
    /**
     * Headers that authenticate this user to your own backend (read there with a server app's
     * `getUser({ tokenStore: request })`); the access token is refreshed first if needed.
     * @example `const response = await fetch("/api/orders", { headers: await user.getAuthHeaders() });`
     */
    async getAuthHeaders(): Promise<{ "x-stack-auth": string }> {
      return { "x-stack-auth": JSON.stringify(await sessionHandle(session).getTokens()) };
    },
    /** The session's tokens (access token refreshed first if needed), for protocols without headers. @example `new WebSocket("wss://app.example.com/live").send(JSON.stringify(await user.getAuthJson()));` */
    getAuthJson: () => sessionHandle(session).getTokens(),
  };
}

/**
 * The signed-in user of a client app: its fields, and methods that act through its session; `extra` holds
 * methods another layer adds (a project owner's), in place before the object is decorated.
 */
export function createCurrentUser(context: AppContext, session: Session, json: ClientUserJson, extra: object = {}) {
  const selectedTeam = json.selected_team ? createClientTeam(context, session, json.selected_team) : null;
  const me = "me";
  const listTeams = async (): Promise<Team[]> => {
    const { items } = await context.client("get", "/teams", { query: { user_id: me } }, session);
    return items.map((t: ClientTeamJson) => createClientTeam(context, session, t));
  };
  const update = async (update: UserUpdateOptions) => {
    await context.client("patch", "/users/me", { body: userUpdateBody(update) }, session);
    context.changed();
  };
  return decorated("currentUser", context, ["currentUser", session, json.id], {
    ...userFields(json, selectedTeam),
    ...authMethods(context, session),
    ...permissionMethods(context, session, me),
    ...userAuthExtras(context, session, json),
    ...authorizedAppMethods(context, session),
    /** The user as the client API sends it. @example `JSON.stringify(user.toClientJson())` */
    toClientJson: () => json,
    /** Changes the fields the user may change themselves (name, picture, client metadata, selected team, sign-in options). @example `await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" } });` */
    update,
    /** Changes the display name. @example `await user.setDisplayName("Ada");` */
    setDisplayName: (displayName: string) => update({ displayName }),
    /** Replaces the client metadata (readable and writable by the user's own browser). @example `await user.setClientMetadata({ theme: "dark" });` */
    setClientMetadata: (clientMetadata: unknown) => update({ clientMetadata }),
    /** Selects a team (one the user belongs to), or none with null; throws `TeamMembershipNotFound` otherwise. @example `await user.setSelectedTeam(team);` */
    setSelectedTeam: (team: { id: string } | null) => update({ selectedTeamId: team?.id ?? null }),
    /**
     * Changes the password; answers the error instead of throwing when the old password is wrong or the new
     * one is not acceptable.
     * @example
     * ```ts
     * const error = await user.updatePassword({ oldPassword, newPassword });
     * if (error) showError(error.message);
     * ```
     */
    async updatePassword(options: { oldPassword: string; newPassword: string }): Promise<KnownError | undefined> {
      try {
        await context.client("post", "/auth/password/update", { body: { old_password: options.oldPassword, new_password: options.newPassword } }, session);
        context.changed();
        return undefined;
      } catch (error) {
        if (error instanceof KnownErrors.PasswordConfirmationMismatch || error instanceof KnownErrors.PasswordRequirementsNotMet) return error;
        throw error;
      }
    },
    /** Sets a password for a user who has none; answers `PasswordRequirementsNotMet` instead of throwing it. @example `await user.setPassword({ password: "a long passphrase" });` */
    async setPassword(options: { password: string }): Promise<KnownError | undefined> {
      try {
        await context.client("post", "/auth/password/set", { body: { password: options.password } }, session);
        context.changed();
        return undefined;
      } catch (error) {
        if (error instanceof KnownErrors.PasswordRequirementsNotMet) return error;
        throw error;
      }
    },
    /**
     * Mails a verification code to the primary e-mail; answers `EmailAlreadyVerified` instead of throwing it.
     * @deprecated Use a contact channel's `sendVerificationEmail`.
     * @example `const error = await user.sendVerificationEmail();`
     */
    async sendVerificationEmail(): Promise<KnownError | undefined> {
      try {
        await context.client("post", "/contact-channels/send-verification-code", { body: { email: json.primary_email ?? "", callback_url: context.callbackUrl("emailVerification") } }, session);
        return undefined;
      } catch (error) {
        if (error instanceof KnownErrors.EmailAlreadyVerified) return error;
        throw error;
      }
    },
    /** Deletes the account (when the project allows it) and signs out. @example `await user.delete();` */
    async delete(): Promise<void> {
      await context.client("delete", "/users/me", {}, session);
      context.sessionEnded(session);
    },
    /** The user's e-mail addresses. @example `const channels = await user.listContactChannels();` */
    async listContactChannels(): Promise<ContactChannel[]> {
      const { items } = await context.client("get", "/contact-channels", { query: { user_id: me } }, session);
      return items.map((c) => createContactChannel(context, session, c));
    },
    /** Adds an e-mail address and answers it; throws `ContactChannelAlreadyUsedForAuthBySomeoneElse` when `usedForAuth` and another user signs in with it. @example `const channel = await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: false });` */
    async createContactChannel(data: ContactChannelCreateOptions): Promise<ContactChannel> {
      const created = await context.client("post", "/contact-channels", { body: channelCreateBody(me, data) }, session);
      context.changed();
      return createContactChannel(context, session, created);
    },
    /** The teams the user belongs to. @example `const teams = await user.listTeams();` */
    listTeams,
    /** One of the user's teams by id; null when the user is not a member (or there is no such team). @example `const team = await user.getTeam(teamId);` */
    async getTeam(id: string): Promise<Team | null> {
      return (await listTeams()).find((t) => t.id === id) ?? null;
    },
    /** Creates a team with this user as its creator, and selects it. @example `const team = await user.createTeam({ displayName: "Lab" });` */
    async createTeam(data: TeamCreateOptions): Promise<Team> {
      const created = await context.client("post", "/teams", {
        body: { display_name: data.displayName, creator_user_id: me, profile_image_url: data.profileImageUrl },
      }, session);
      await update({ selectedTeamId: created.id });
      return createClientTeam(context, session, created);
    },
    /** Leaves a team; throws `TeamMembershipNotFound` when the user is not a member. @example `await user.leaveTeam(team);` */
    async leaveTeam(team: { id: string }): Promise<void> {
      await context.client("delete", "/team-memberships/{team_id}/{user_id}", { path: { team_id: team.id, user_id: me } }, session);
      context.changed();
    },
    /** This user's profile in a team, editable. @example `const profile = await user.getTeamProfile(team);` */
    async getTeamProfile(team: { id: string }): Promise<EditableTeamMemberProfile> {
      const path = { team_id: team.id, user_id: me };
      const profile = await context.client("get", "/team-member-profiles/{team_id}/{user_id}", { path }, session);
      return {
        displayName: profile.display_name,
        profileImageUrl: profile.profile_image_url,
        async update(data) {
          await context.client("patch", "/team-member-profiles/{team_id}/{user_id}", {
            path,
            body: { display_name: data.displayName, profile_image_url: data.profileImageUrl },
          }, session);
          context.changed();
        },
      };
    },
    /** The user's sessions (this one marked `isCurrentSession`), with when each was last used. @example `const sessions = await user.getActiveSessions();` */
    async getActiveSessions(): Promise<ActiveSession[]> {
      const { items } = await context.client("get", "/auth/sessions", { query: { user_id: me } }, session);
      return items.map(activeSessionOf);
    },
    /** Ends another of this user's sessions; ending the current one throws `CannotDeleteCurrentSession` (sign out instead). @example `await user.revokeSession(sessionId);` */
    async revokeSession(sessionId: string): Promise<void> {
      await context.client("delete", "/auth/sessions/{session_id}", { path: { session_id: sessionId }, query: { user_id: me } }, session);
      context.changed();
    },
    /** Creates an API key for the user; its full `value` appears only in this answer. @example `const key = await user.createApiKey({ description: "laptop", expiresAt: null });` */
    async createApiKey(options: ApiKeyCreationOptions): Promise<ApiKey<true>> {
      const created = await context.client("post", "/user-api-keys", { body: { user_id: me, ...apiKeyCreateBody(options) } }, session);
      context.changed();
      return createApiKey<true>(context, "client", created, session);
    },
    /** The user's API keys, revoked and expired ones included, showing each key's last four characters. @example `const keys = await user.listApiKeys();` */
    async listApiKeys(): Promise<ApiKey[]> {
      const { items } = await context.client("get", "/user-api-keys", { query: { user_id: me } }, session);
      return items.map((k) => createApiKey<false>(context, "client", k, session));
    },
    /** How much of an item (credits, seats, ...) the user holds; throws `ItemNotFound` for an item the project does not define. @example `const credits = await user.getItem("credits");` */
    getItem: (itemId: string): Promise<Item> => getClientItem(context, { itemId, userId: json.id }, session),
    /**
     * The URL of the hosted checkout page for an offer bought by this user; the code in it works for 24
     * hours and one purchase. Throws `OfferDoesNotExist` for an unknown offer.
     * @example
     * ```ts
     * window.location.assign(await user.createCheckoutUrl({ offerId: "pro" }));
     * ```
     */
    createCheckoutUrl: checkoutUrlMethod(context, "user", json.id, session),
    /**
     * The kinds of e-mail the project sends, each with whether the user receives it and a method to turn it
     * on or off.
     * @example
     * ```ts
     * const categories = await user.listNotificationCategories();
     * await categories.find((c) => c.name === "Marketing")?.setEnabled(false);
     * ```
     */
    listNotificationCategories: notificationCategoriesMethod(context, me, session),
    ...extra,
  });
}

export type CurrentUser = ReturnType<typeof createCurrentUser>;
