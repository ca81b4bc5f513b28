/**
 * Team invitations: a mailed link with a single-use code (7 days) that adds whoever accepts it to the
 * team, with the project's default member permissions. An invitation is the id of that code.
 */
import { z } from "zod";
import { email, emptyObject, listOf, millis, successResponse, urlString, uuid, verificationCode } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const invitationId = uuid.meta({ description: "A team invitation id.", example: "5d0c3f4e-8b1a-4f55-9f3e-2a7c1b6d9e80" });
const teamId = uuid.meta({ description: "A team id.", example: "0f4b7d1c-3a2e-4c9b-8d6f-5e1a2b3c4d5e" });

export const teamInvitation = z
  .object({
    id: invitationId,
    team_id: teamId,
    expires_at_millis: millis.meta({ description: "When the link stops working (7 days after sending)." }),
    recipient_email: z.string().meta({ description: "The address the invitation was sent to.", example: "grace@example.com" }),
  })
  .meta({ id: "TeamInvitation" });

const codeBody = z.strictObject({ code: verificationCode });
const codeErrors = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"] as const;
const clientTeamErrors = ["USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"] as const;
const tags = ["Team invitations"];

export const sendTeamInvitationCode = defineProcedure({
  rateLimit: "send-invitation",
  method: "POST",
  path: "/team-invitations/send-code",
  access: "client",
  summary: "Mail an invitation to join a team",
  description:
    "Clients must be members holding `$invite_members`. The e-mail links to `callback_url` (on a trusted domain) with `code` added to its query.",
  tags,
  successStatus: 200,
  errors: [...clientTeamErrors, "REDIRECT_URL_NOT_WHITELISTED", "emailSendFailed"],
  body: z.strictObject({
    team_id: teamId,
    email,
    callback_url: urlString.meta({ description: "The page the invitation link opens; `code` is added to its query." }),
  }),
  output: z.object({ success: z.literal(true), id: invitationId }),
});

export const listTeamInvitations = defineProcedure({
  method: "GET",
  path: "/team-invitations",
  access: "client",
  summary: "List a team's pending invitations (unused and unexpired), oldest first",
  description: "Clients must be members holding `$read_members` and `$invite_members`.",
  tags,
  successStatus: 200,
  errors: [...clientTeamErrors],
  query: z.strictObject({ team_id: teamId }),
  output: listOf(teamInvitation),
});

export const revokeTeamInvitation = defineProcedure({
  method: "DELETE",
  path: "/team-invitations/{id}",
  access: "client",
  summary: "Revoke an invitation; its link stops working",
  description: "Clients must be members holding `$remove_members`.",
  tags,
  successStatus: 200,
  errors: [...clientTeamErrors, "teamInvitationNotFound"],
  params: z.strictObject({ id: invitationId }),
  query: z.strictObject({ team_id: teamId }),
  output: successResponse,
});

export const acceptTeamInvitation = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/team-invitations/accept",
  access: "client",
  summary: "Join the team with an invitation code (uses the code)",
  description: "The signed-in user becomes a member with the default member permissions, unless they already are one. In the internal project a team may not grow past its dashboard seats (its `dashboard_admins` item): ITEM_QUANTITY_INSUFFICIENT_AMOUNT, and the code stays usable.",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", ...codeErrors, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT"],
  body: codeBody,
  output: emptyObject,
});

export const getTeamInvitationDetails = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/team-invitations/accept/details",
  access: "client",
  summary: "Tell which team an invitation code is for, without using it",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", ...codeErrors],
  body: codeBody,
  output: z.object({
    team_id: teamId,
    team_display_name: z.string().meta({ description: "The team's display name.", example: "Analytical Engines" }),
  }),
});

export const checkTeamInvitationCode = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/team-invitations/accept/check-code",
  access: "client",
  summary: "Check an invitation code without using it",
  tags,
  successStatus: 200,
  errors: [...codeErrors],
  body: codeBody,
  output: z.object({ is_code_valid: z.literal(true) }),
});

export const teamInvitationProcedures = {
  sendTeamInvitationCode,
  listTeamInvitations,
  revokeTeamInvitation,
  acceptTeamInvitation,
  getTeamInvitationDetails,
  checkTeamInvitationCode,
} as const;
