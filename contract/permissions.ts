/** Team and project permissions and their definitions. */
export const permissionProcedures = {} as const;
