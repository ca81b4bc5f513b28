/** Team invitations. */
export const teamInvitationProcedures = {} as const;
