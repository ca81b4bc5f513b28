/** Teams: creation with a creator member. Permissions and invitations build on this. */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import { isUniqueViolation } from "../db/errors.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { TeamRow } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { grantTeamDefaults } from "./permissions/grants.js";

export interface NewTeam {
  displayName: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** Becomes the first member. */
  creatorUserId?: string | null;
}

export async function createTeam(deps: AppDeps, db: Db, project: ProjectRow, input: NewTeam): Promise<TeamRow> {
  const now = deps.clock.now();
  const team = await deps.queries.teams.insert(
    {
      id: randomUUID(),
      projectId: project.id,
      displayName: input.displayName,
      profileImageUrl: input.profileImageUrl ?? null,
      clientMetadata: input.clientMetadata ?? null,
      clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
      serverMetadata: input.serverMetadata ?? null,
      createdAt: now,
    },
    db,
  );
  if (input.creatorUserId) {
    await deps.queries.teams.addMember({ projectId: project.id, teamId: team.id, userId: input.creatorUserId, createdAt: now }, db);
    await grantTeamDefaults(deps, db, project, team.id, input.creatorUserId, "teamCreator");
  }
  return team;
}

/**
 * Adds a member with the project's default member permissions (server adds, accepted invitations).
 * Throws TEAM_MEMBERSHIP_ALREADY_EXISTS when the user already belongs to the team.
 */
export async function addTeamMember(deps: AppDeps, db: Db, project: ProjectRow, teamId: string, userId: string): Promise<void> {
  if (await deps.queries.teams.isMember(project.id, teamId, userId, db)) throw knownError("TEAM_MEMBERSHIP_ALREADY_EXISTS");
  try {
    await deps.queries.teams.addMember({ projectId: project.id, teamId, userId, createdAt: deps.clock.now() }, db);
  } catch (error) {
    if (isUniqueViolation(error)) throw knownError("TEAM_MEMBERSHIP_ALREADY_EXISTS");
    throw error;
  }
  await grantTeamDefaults(deps, db, project, teamId, userId, "teamMember");
}
