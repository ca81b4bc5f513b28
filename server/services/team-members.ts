/**
 * Team memberships and member profiles. A profile is per team: its name and image fall back to the
 * user's own while unset. Removing a member takes their team permissions with the membership row
 * (foreign key) and unselects the team for them.
 */
import { knownError } from "../../contract/known-error.js";
import type { MemberRecord } from "../db/queries/teams.js";
import type { AppDeps } from "../deps.js";
import { membershipToJson } from "../views/teams.js";
import { recordEvent, type EventActor } from "./events.js";
import { planProfileImage } from "./profile-images/store.js";

export interface MemberProfileChange {
  displayName?: string;
  /** null goes back to the user's own image. */
  profileImageUrl?: string | null;
}

const membershipNotFound = (teamId: string, userId: string) => knownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });

/** Throws TEAM_MEMBERSHIP_NOT_FOUND unless the user belongs to the team. */
export async function requireMember(deps: AppDeps, projectId: string, teamId: string, userId: string): Promise<void> {
  if (!(await deps.queries.teams.isMember(projectId, teamId, userId))) throw membershipNotFound(teamId, userId);
}

/**
 * Removes the membership (and with it the member's team permissions) and unselects the team for them;
 * records `team_membership.deleted` (the permissions that went with it raise no events of their own).
 */
export async function removeTeamMember(deps: AppDeps, projectId: string, teamId: string, userId: string, actor: EventActor | null = null): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.teams.removeMember(projectId, teamId, userId, tx))) throw membershipNotFound(teamId, userId);
    await deps.queries.teams.clearSelection(projectId, teamId, userId, tx);
    await recordEvent(deps, tx, "team_membership.deleted", () => membershipToJson(teamId, userId), { projectId, actor });
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
  const image = planProfileImage(deps, "team-member-profile-images", change.profileImageUrl);
  if (change.displayName !== undefined) patch.displayName = change.displayName;
  if (change.profileImageUrl !== undefined) patch.profileImageUrl = image.value ?? null;
  if (Object.keys(patch).length > 0) {
    await deps.store.transaction(async (tx) => {
      if (!(await deps.queries.teams.updateMember(projectId, teamId, userId, patch, tx))) throw membershipNotFound(teamId, userId);
      await image.store(tx, { projectId, userId, teamId });
    });
  }
  return getMemberProfile(deps, projectId, teamId, userId);
}
