/**
 * The SDK as the account components use it: the provider's hooks, the user's own methods (passkey
 * registration, unlinking a provider account, notification categories), and the few calls the SDK object
 * has no method for yet (listing linked accounts with their provider config id, recovery codes, CLI
 * confirmation, members' roles). Those go through the app's typed request function with the user's session, so a contract
 * change still breaks the type check; each is replaced by the SDK's method once it exists.
 */
import type { CurrentUser, NotificationCategory, StackClientApp } from "@latchkey/js";

export { useStackApp } from "../../provider.js";
export { useProject, useUser } from "../../hooks/index.js";

export type App = StackClientApp;
export type User = CurrentUser;

const clientApi = (app: App) => app._context.client;

/** Registers a passkey of this device for the signed-in user; an authenticator or server refusal is thrown. */
export async function registerPasskey(user: User): Promise<void> {
  const result = await user.registerPasskey();
  if (result.status === "error") throw result.error;
}

/** A provider account linked to the signed-in user. */
export interface LinkedAccount {
  id: string;
  providerId: string;
  type: string;
  email: string | null;
  allowSignIn: boolean;
}

export async function listLinkedAccounts(app: App, user: User): Promise<LinkedAccount[]> {
  const { items } = await clientApi(app)("get", "/oauth-providers", { query: { user_id: "me" } }, user._internalSession);
  return items.map((p) => ({ id: p.id, providerId: p.provider_config_id, type: p.type, email: p.email ?? null, allowSignIn: p.allow_sign_in }));
}

/** Unlinks a provider account (already gone: nothing to do, the list is read again either way). */
export async function removeLinkedAccount(app: App, user: User, id: string): Promise<void> {
  const account = await user.getOAuthProvider(id);
  if (account) await account.delete();
  else app._context.changed();
}

/** New single-use recovery codes for a user with TOTP set up (replacing earlier ones). */
export async function createRecoveryCodes(app: App, user: User): Promise<string[]> {
  const { recovery_codes } = await clientApi(app)("post", "/auth/mfa/recovery-codes", {}, user._internalSession);
  return recovery_codes;
}

/** Confirms a CLI login with the signed-in user's session (`/auth/cli/complete`). */
export async function completeCliLogin(app: App, user: User, loginCode: string): Promise<void> {
  const { refreshToken } = await user.currentSession.getTokens();
  if (!refreshToken) throw new Error("The session has no refresh token to hand to the command-line tool");
  await clientApi(app)("post", "/auth/cli/complete", { body: { login_code: loginCode, refresh_token: refreshToken } }, user._internalSession);
}

/** The user's notification categories with whether each is on (`setEnabled` turns one on or off). */
export async function listNotificationPreferences(user: User): Promise<NotificationCategory[]> {
  return user.listNotificationCategories();
}

/** A team's roles (custom team permissions), each member's, and those the signed-in user may change. */
export interface TeamRoles {
  roles: { id: string; description?: string }[];
  /** Role ids by member id. */
  byMember: Map<string, string[]>;
  assignable: Set<string>;
}

/** The team's roles (`GET /team-member-roles`, Latchkey only; needs `$read_members`). */
export async function listTeamRoles(app: App, user: User, teamId: string): Promise<TeamRoles> {
  const answer = await clientApi(app)("get", "/team-member-roles", { query: { team_id: teamId } }, user._internalSession);
  return {
    roles: answer.roles,
    byMember: new Map(answer.members.map((m) => [m.user_id, m.role_ids])),
    assignable: new Set(answer.assignable_role_ids),
  };
}

/** Makes a member's roles exactly `roleIds` (`PUT /team-member-roles/…`; needs `$remove_members` and each role's permissions). */
export async function setMemberRoles(app: App, user: User, teamId: string, userId: string, roleIds: string[]): Promise<void> {
  await clientApi(app)("put", "/team-member-roles/{team_id}/{user_id}", { path: { team_id: teamId, user_id: userId }, body: { role_ids: roleIds } }, user._internalSession);
}
