/** Teams, memberships and member profiles. */
export const teamProcedures = {} as const;
