/** Teams and memberships as the API and events show them (server shape; clients get a stripped copy). */
import type { z } from "zod";
import type { serverTeam } from "../../contract/teams-shared.js";
import type { teamMembership } from "../../contract/teams.js";
import type { TeamRow } from "../db/queries/users.js";

export type ServerTeamJson = z.input<typeof serverTeam>;
type Metadata = ServerTeamJson["client_metadata"];

export function teamToJson(team: TeamRow): ServerTeamJson {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: (team.clientMetadata ?? null) as Metadata,
    client_read_only_metadata: (team.clientReadOnlyMetadata ?? null) as Metadata,
    server_metadata: (team.serverMetadata ?? null) as Metadata,
    created_at_millis: team.createdAt.getTime(),
  };
}

/** A deleted team, as its event names it. */
export function deletedTeamToJson(teamId: string): { id: string } {
  return { id: teamId };
}

export function membershipToJson(teamId: string, userId: string): z.input<typeof teamMembership> {
  return { team_id: teamId, user_id: userId };
}
