/**
 * Team invitations: a verification code tied to a team (deleted with it), mailed as a link. Accepting
 * uses the code and adds the signed-in user to the team with the default member permissions; checking
 * a code or reading its details leaves it usable.
 */
import type { ProjectRow } from "../db/queries/projects.js";
import type { TeamRow } from "../db/queries/users.js";
import type { VerificationCodeRow } from "../db/queries/verification-codes.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { assertSeatForOneMore, dashboardSeats } from "./dashboard-seats.js";
import { enqueueEmail } from "./email/outbox.js";
import { sendQueuedEmailNow } from "./email/send-now.js";
import { teamInvitationEmail } from "./email/templates.js";
import { INTERNAL_PROJECT_ID } from "./projects.js";
import { enforceLimit } from "./rate-limits.js";
import { assertTrustedUrl, withQueryParam } from "./redirect-urls.js";
import { addTeamMemberIn, getTeam } from "./teams.js";
import { normalizeEmail } from "./users/primary-email.js";
import { createVerificationCode, useVerificationCode, type UsedVerificationCode } from "./verification-codes.js";

export const TEAM_INVITATION = "team-invitation";
const SEVEN_DAYS = 7 * 24 * 3600 * 1000;
/** Invitations per recipient address and project: enough for a few teams, too few to flood an inbox. */
const INVITATIONS_PER_ADDRESS = { max: 5, windowMs: 3600 * 1000 };

/** What an invitation code stores besides its team. */
interface InvitationData {
  email: string;
}

export interface NewTeamInvitation {
  teamId: string;
  email: string;
  callbackUrl: string;
}

/**
 * Creates the invitation and mails it before answering (email/send-now.ts); returns the invitation id.
 * The callback URL must be trusted.
 */
export async function sendTeamInvitation(deps: AppDeps, project: ProjectRow, input: NewTeamInvitation): Promise<string> {
  const team = await getTeam(deps, project.id, input.teamId);
  assertTrustedUrl(deps, project, input.callbackUrl);
  await enforceLimit(deps, `invite-send:${project.id}:${normalizeEmail(input.email)}`, INVITATIONS_PER_ADDRESS);
  const { id, outboxId } = await deps.store.transaction(async (tx) => {
    const data = { email: input.email } satisfies InvitationData;
    const created = await createVerificationCode(deps, { projectId: project.id, purpose: TEAM_INVITATION, teamId: team.id, data, ttlMs: SEVEN_DAYS, db: tx });
    const mail = await teamInvitationEmail(deps, project, { teamName: team.displayName, link: withQueryParam(input.callbackUrl, "code", created.code), recipient: { email: input.email } });
    return { id: created.id, outboxId: await enqueueEmail(deps, tx, { projectId: project.id, to: [input.email], ...mail }) };
  });
  deps.jobs.wake();
  // Sent before the answer: the inviter is told when the invitation could not be mailed.
  await sendQueuedEmailNow(deps, project, outboxId, "required");
  return id;
}

/** The team's invitations that can still be accepted, oldest first. */
export async function listTeamInvitations(deps: AppDeps, project: ProjectRow, teamId: string): Promise<VerificationCodeRow[]> {
  await getTeam(deps, project.id, teamId);
  return deps.queries.verificationCodes.listPendingForTeam(project.id, teamId, TEAM_INVITATION, deps.clock.now());
}

/** Deletes an invitation of the team (pending or not); its link then answers VERIFICATION_CODE_NOT_FOUND. */
export async function revokeTeamInvitation(deps: AppDeps, project: ProjectRow, teamId: string, invitationId: string): Promise<void> {
  await getTeam(deps, project.id, teamId);
  const deleted = await deps.queries.verificationCodes.deleteForTeam(project.id, teamId, TEAM_INVITATION, invitationId);
  if (!deleted) throw statusError("teamInvitationNotFound");
}

/** Checks an invitation code without using it. */
export async function checkTeamInvitation(deps: AppDeps, project: ProjectRow, code: string): Promise<UsedVerificationCode> {
  return useVerificationCode(deps, { projectId: project.id, purpose: TEAM_INVITATION, code, consume: false });
}

/** The team an invitation code is for; the code stays usable. */
export async function teamInvitationDetails(deps: AppDeps, project: ProjectRow, code: string): Promise<TeamRow> {
  const row = await checkTeamInvitation(deps, project, code);
  return getTeam(deps, project.id, row.teamId!);
}

/**
 * Uses the code and adds the user to its team with the member defaults, unless they already belong to it.
 * A team of the internal project must have a dashboard seat left (services/dashboard-seats.ts); when it
 * has none, the code stays usable.
 */
export async function acceptTeamInvitation(deps: AppDeps, project: ProjectRow, userId: string, code: string): Promise<void> {
  const checked = await checkTeamInvitation(deps, project, code);
  const seats = project.id === INTERNAL_PROJECT_ID ? await dashboardSeats(deps, project, checked.teamId!) : null;
  await deps.store.transaction(async (tx) => {
    const row = await useVerificationCode(deps, { projectId: project.id, purpose: TEAM_INVITATION, code, db: tx });
    const teamId = row.teamId!;
    if (await deps.queries.teams.isMember(project.id, teamId, userId, tx)) return;
    await assertSeatForOneMore(deps, project, teamId, seats, tx);
    await addTeamMemberIn(deps, tx, project, teamId, userId);
  });
}
