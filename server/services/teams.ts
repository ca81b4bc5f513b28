/**
 * Teams: creation with a creator member, reads, updates and deletion. Memberships and member profiles
 * are in team-members.ts; permissions and invitations build on both. Each change records its event
 * (`team.*`, `team_membership.created`) in its unit of work.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import { isUniqueViolation } from "../db/errors.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { TeamRow } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { deletedTeamToJson, membershipToJson, teamToJson } from "../views/teams.js";
import { recordEvent, type EventActor } from "./events.js";
import { grantTeamDefaults } from "./permissions/grants.js";
import { planProfileImage } from "./profile-images/store.js";

export interface NewTeam {
  displayName: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** Becomes the first member. */
  creatorUserId?: string | null;
}

/** What an update may change; undefined keeps a field. */
export interface TeamChange {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/** Creates the team and its creator's membership, in one transaction. */
export function createTeam(deps: AppDeps, project: ProjectRow, input: NewTeam, actor: EventActor | null = null): Promise<TeamRow> {
  return deps.store.transaction(async (tx) => {
    const team = await insertTeam(deps, tx, project, input);
    await recordEvent(deps, tx, "team.created", () => teamToJson(team), { projectId: project.id, actor });
    if (input.creatorUserId) await addTeamCreator(deps, tx, project, team.id, input.creatorUserId, actor);
    return team;
  });
}

/**
 * The team row alone, with no event recorded (the caller records `team.created` once its unit has
 * written what the event should follow): its creator, if any, is added with `addTeamCreator` (once
 * the user exists).
 */
export async function insertTeam(deps: AppDeps, db: Db, project: ProjectRow, input: NewTeam): Promise<TeamRow> {
  const image = planProfileImage(deps, "team-profile-images", input.profileImageUrl);
  const team = await deps.queries.teams.insert(
    {
      id: randomUUID(),
      projectId: project.id,
      displayName: input.displayName,
      profileImageUrl: image.value ?? null,
      clientMetadata: input.clientMetadata ?? null,
      clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
      serverMetadata: input.serverMetadata ?? null,
      createdAt: deps.clock.now(),
    },
    db,
  );
  await image.store(db, { projectId: project.id, userId: null, teamId: team.id }, { newOwner: true });
  return team;
}

/** Makes the user the team's first member, with the project's default creator permissions. */
export async function addTeamCreator(deps: AppDeps, db: Db, project: ProjectRow, teamId: string, userId: string, actor: EventActor | null = null): Promise<void> {
  await deps.queries.teams.addMember({ projectId: project.id, teamId, userId, createdAt: deps.clock.now() }, db);
  await recordEvent(deps, db, "team_membership.created", () => membershipToJson(teamId, userId), { projectId: project.id, actor });
  await grantTeamDefaults(deps, db, project, teamId, userId, "teamCreator", actor);
}

/** Adds a member to an existing team (TEAM_NOT_FOUND otherwise), in a transaction of its own (see addTeamMemberIn). */
export async function addTeamMember(deps: AppDeps, project: ProjectRow, teamId: string, userId: string, actor: EventActor | null = null): Promise<void> {
  await getTeam(deps, project.id, teamId);
  await deps.store.transaction((tx) => addTeamMemberIn(deps, tx, project, teamId, userId, actor));
}

/**
 * Adds a member with the project's default member permissions, in `db`'s unit of work (server adds,
 * accepted invitations). Throws TEAM_MEMBERSHIP_ALREADY_EXISTS when the user already belongs to the team.
 */
export async function addTeamMemberIn(deps: AppDeps, db: Db, project: ProjectRow, teamId: string, userId: string, actor: EventActor | null = null): Promise<void> {
  if (await deps.queries.teams.isMember(project.id, teamId, userId, db)) throw knownError("TEAM_MEMBERSHIP_ALREADY_EXISTS");
  try {
    await deps.queries.teams.addMember({ projectId: project.id, teamId, userId, createdAt: deps.clock.now() }, db);
  } catch (error) {
    if (isUniqueViolation(error)) throw knownError("TEAM_MEMBERSHIP_ALREADY_EXISTS");
    throw error;
  }
  await recordEvent(deps, db, "team_membership.created", () => membershipToJson(teamId, userId), { projectId: project.id, actor });
  await grantTeamDefaults(deps, db, project, teamId, userId, "teamMember", actor);
}

/** The team, or TEAM_NOT_FOUND. */
export async function getTeam(deps: AppDeps, projectId: string, teamId: string, db?: Db): Promise<TeamRow> {
  const team = await deps.queries.teams.find(projectId, teamId, db);
  if (!team) throw knownError("TEAM_NOT_FOUND", { team_id: teamId });
  return team;
}

/** Oldest first; with a user id, that user's teams only. */
export async function listTeams(deps: AppDeps, projectId: string, filter: { userId?: string }): Promise<TeamRow[]> {
  return deps.queries.teams.list(projectId, filter);
}

/** Applies the change (an empty one too: the update is recorded either way, as Stack does). */
export async function updateTeam(deps: AppDeps, projectId: string, teamId: string, change: TeamChange, actor: EventActor | null = null): Promise<TeamRow> {
  const patch: Partial<TeamRow> = {};
  const image = planProfileImage(deps, "team-profile-images", change.profileImageUrl);
  if (change.displayName !== undefined) patch.displayName = change.displayName;
  if (change.profileImageUrl !== undefined) patch.profileImageUrl = image.value ?? null;
  if (change.clientMetadata !== undefined) patch.clientMetadata = change.clientMetadata;
  if (change.clientReadOnlyMetadata !== undefined) patch.clientReadOnlyMetadata = change.clientReadOnlyMetadata;
  if (change.serverMetadata !== undefined) patch.serverMetadata = change.serverMetadata;
  return deps.store.transaction(async (tx) => {
    const updated = Object.keys(patch).length === 0 ? await getTeam(deps, projectId, teamId, tx) : await deps.queries.teams.update(projectId, teamId, patch, tx);
    if (!updated) throw knownError("TEAM_NOT_FOUND", { team_id: teamId });
    await image.store(tx, { projectId, userId: null, teamId });
    await recordEvent(deps, tx, "team.updated", () => teamToJson(updated), { projectId, actor });
    return updated;
  });
}

/** Deletes the team with its memberships and grants, and unselects it for whoever had it selected. */
export async function deleteTeam(deps: AppDeps, projectId: string, teamId: string, actor: EventActor | null = null): Promise<void> {
  await deps.store.transaction(async (tx) => {
    await deps.queries.teams.clearSelection(projectId, teamId, undefined, tx);
    if (!(await deps.queries.teams.delete(projectId, teamId, tx))) throw knownError("TEAM_NOT_FOUND", { team_id: teamId });
    await recordEvent(deps, tx, "team.deleted", () => deletedTeamToJson(teamId), { projectId, actor });
  });
}
