/** The user object as the API and events send it (server shape; clients get a stripped copy). */
import type { z } from "zod";
import type { deletedUserEvent } from "../../contract/events.js";
import type { serverUser } from "../../contract/users.js";
import type { ListedUserRecord, UserRecord } from "../db/queries/users.js";
import { teamToJson } from "./teams.js";

export type ServerUserJson = z.input<typeof serverUser>;
type Metadata = ServerUserJson["client_metadata"];

/** A full record, or a page's narrower one (which carries the password and TOTP secret as flags). */
export function userToJson({ user, primaryEmail, selectedTeam, hasPasskey, oauthProviders }: UserRecord | ListedUserRecord): ServerUserJson {
  const hasPassword = "hasPassword" in user ? user.hasPassword : user.passwordHash !== null;
  return {
    id: user.id,
    primary_email: primaryEmail?.value ?? null,
    primary_email_verified: primaryEmail?.isVerified ?? false,
    primary_email_auth_enabled: primaryEmail?.usedForAuth ?? false,
    display_name: user.displayName,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAt.getTime(),
    last_active_at_millis: user.lastActiveAt.getTime(),
    client_metadata: (user.clientMetadata ?? null) as Metadata,
    client_read_only_metadata: (user.clientReadOnlyMetadata ?? null) as Metadata,
    server_metadata: (user.serverMetadata ?? null) as Metadata,
    has_password: hasPassword,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: hasPasskey,
    auth_with_email: hasPassword || user.otpAuthEnabled,
    requires_totp_mfa: "hasTotp" in user ? user.hasTotp : user.totpSecret !== null,
    is_anonymous: user.isAnonymous,
    oauth_providers: oauthProviders ? [...oauthProviders] : [],
    selected_team_id: selectedTeam ? user.selectedTeamId : null,
    selected_team: selectedTeam ? teamToJson(selectedTeam) : null,
  };
}

/** A deleted user, with the teams it belonged to (as Stack's `user.deleted` webhook sends it). */
export function deletedUserToJson(userId: string, teamIds: readonly string[]): z.input<typeof deletedUserEvent> {
  return { id: userId, teams: teamIds.map((id) => ({ id })) };
}
