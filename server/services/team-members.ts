/**
 * Team memberships and member profiles. A profile is per team: its name and image fall back to the
 * user's own while unset. Removing a member takes their team permissions with the membership row
 * (foreign key) and unselects the team for them.
 */
import type { z } from "zod";
import type { serverTeamMemberProfile } from "../../contract/teams.js";
import { knownError } from "../../contract/known-error.js";
import type { MemberRecord } from "../db/queries/teams.js";
import type { AppDeps } from "../deps.js";
import { userToJson } from "./users/json.js";

export type TeamMemberProfileJson = z.input<typeof serverTeamMemberProfile>;

export interface MemberProfileChange {
  displayName?: string;
  /** null goes back to the user's own image. */
  profileImageUrl?: string | null;
}

const membershipNotFound = (teamId: string, userId: string) => knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });

/** The server shape; clients get it without `user`. */
export function profileToJson(record: MemberRecord): TeamMemberProfileJson {
  const { member, user } = record;
  return {
    team_id: member.teamId,
    user_id: member.userId,
    display_name: member.displayName ?? user.displayName,
    profile_image_url: member.profileImageUrl ?? user.profileImageUrl,
    user: userToJson(record),
  };
}

/** Throws TEAM_MEMBERSHIP_NOT_FOUND unless the user belongs to the team. */
export async function requireMember(deps: AppDeps, projectId: string, teamId: string, userId: string): Promise<void> {
  if (!(await deps.queries.teams.isMember(projectId, teamId, userId))) throw membershipNotFound(teamId, userId);
}

/** Removes the membership (and with it the member's team permissions) and unselects the team for them. */
export async function removeTeamMember(deps: AppDeps, projectId: string, teamId: string, userId: string): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.teams.removeMember(projectId, teamId, userId, tx))) throw membershipNotFound(teamId, userId);
    await deps.queries.teams.clearSelection(projectId, teamId, userId, tx);
  });
}

/** Profiles by team, by user or both, oldest membership first. */
export async function listMemberProfiles(deps: AppDeps, projectId: string, filter: { teamId?: string; userId?: string }): Promise<MemberRecord[]> {
  return deps.queries.teams.memberRecords(projectId, filter);
}

/** One member's profile, or TEAM_MEMBERSHIP_NOT_FOUND. */
export async function getMemberProfile(deps: AppDeps, projectId: string, teamId: string, userId: string): Promise<MemberRecord> {
  const [record] = await deps.queries.teams.memberRecords(projectId, { teamId, userId });
  if (!record) throw membershipNotFound(teamId, userId);
  return record;
}

export async function updateMemberProfile(deps: AppDeps, projectId: string, teamId: string, userId: string, change: MemberProfileChange): Promise<MemberRecord> {
  const patch: MemberProfileChange = {};
  if (change.displayName !== undefined) patch.displayName = change.displayName;
  if (change.profileImageUrl !== undefined) patch.profileImageUrl = change.profileImageUrl;
  if (Object.keys(patch).length > 0 && !(await deps.queries.teams.updateMember(projectId, teamId, userId, patch))) {
    throw membershipNotFound(teamId, userId);
  }
  return getMemberProfile(deps, projectId, teamId, userId);
}
