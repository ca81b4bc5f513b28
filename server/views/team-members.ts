/** Team member profiles: per-team name and image, falling back to the user's own while unset. */
import type { z } from "zod";
import type { serverTeamMemberProfile } from "../../contract/teams.js";
import type { MemberRecord } from "../db/queries/teams.js";
import { userToJson } from "./users.js";

export type TeamMemberProfileJson = z.input<typeof serverTeamMemberProfile>;

/** The server shape; clients get it without `user`. */
export function profileToJson(record: MemberRecord): TeamMemberProfileJson {
  const { member, user } = record;
  return {
    team_id: member.teamId,
    user_id: member.userId,
    display_name: member.displayName ?? user.displayName,
    profile_image_url: member.profileImageUrl ?? user.profileImageUrl,
    primary_email: record.primaryEmail?.value ?? null,
    user: userToJson(record),
  };
}
