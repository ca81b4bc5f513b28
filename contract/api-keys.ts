/** User and team API keys. */
export const apiKeyProcedures = {} as const;
