/** The user and team objects as the API sends them (server shape; clients get a stripped copy). */
import type { z } from "zod";
import type { serverTeam } from "../../../contract/teams-shared.js";
import type { serverUser } from "../../../contract/users.js";
import type { TeamRow, UserRecord } from "../../db/queries/users.js";

export type ServerUserJson = z.input<typeof serverUser>;
export type ServerTeamJson = z.input<typeof serverTeam>;

export function teamToJson(team: TeamRow): ServerTeamJson {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: (team.clientMetadata ?? null) as ServerTeamJson["client_metadata"],
    client_read_only_metadata: (team.clientReadOnlyMetadata ?? null) as ServerTeamJson["client_metadata"],
    server_metadata: (team.serverMetadata ?? null) as ServerTeamJson["client_metadata"],
    created_at_millis: team.createdAt.getTime(),
  };
}

export function userToJson({ user, primaryEmail, selectedTeam, hasPasskey }: UserRecord): ServerUserJson {
  const hasPassword = user.passwordHash !== null;
  return {
    id: user.id,
    primary_email: primaryEmail?.value ?? null,
    primary_email_verified: primaryEmail?.isVerified ?? false,
    primary_email_auth_enabled: primaryEmail?.usedForAuth ?? false,
    display_name: user.displayName,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAt.getTime(),
    last_active_at_millis: user.lastActiveAt.getTime(),
    client_metadata: (user.clientMetadata ?? null) as ServerUserJson["client_metadata"],
    client_read_only_metadata: (user.clientReadOnlyMetadata ?? null) as ServerUserJson["client_metadata"],
    server_metadata: (user.serverMetadata ?? null) as ServerUserJson["client_metadata"],
    has_password: hasPassword,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: hasPasskey,
    auth_with_email: hasPassword || user.otpAuthEnabled,
    requires_totp_mfa: user.totpSecret !== null,
    is_anonymous: user.isAnonymous,
    oauth_providers: [],
    selected_team_id: selectedTeam ? user.selectedTeamId : null,
    selected_team: selectedTeam ? teamToJson(selectedTeam) : null,
  };
}

/** What access tokens say about the user. */
export function tokenUserOf({ user, primaryEmail, selectedTeam }: UserRecord) {
  return {
    id: user.id,
    displayName: user.displayName,
    primaryEmail: primaryEmail?.value ?? null,
    primaryEmailVerified: primaryEmail?.isVerified ?? false,
    selectedTeamId: selectedTeam ? user.selectedTeamId : null,
    isAnonymous: user.isAnonymous,
  };
}
