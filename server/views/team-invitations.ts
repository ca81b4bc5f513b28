/** Team invitations (verification codes tied to a team) as the API lists them. */
import type { z } from "zod";
import type { teamInvitation } from "../../contract/team-invitations.js";
import type { TeamRow } from "../db/queries/users.js";
import type { VerificationCodeRow } from "../db/queries/verification-codes.js";

export type TeamInvitationJson = z.input<typeof teamInvitation>;

export function invitationToJson(row: VerificationCodeRow): TeamInvitationJson {
  return {
    id: row.id,
    team_id: row.teamId!,
    expires_at_millis: row.expiresAt.getTime(),
    recipient_email: String((row.data as { email?: unknown }).email ?? ""),
  };
}

/** What an invitation code tells its recipient: the team it is for. */
export function invitationDetailsToJson(team: TeamRow): { team_id: string; team_display_name: string } {
  return { team_id: team.id, team_display_name: team.displayName };
}
