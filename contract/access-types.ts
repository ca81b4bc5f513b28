/** Access levels, lowest first. A procedure names the lowest level it accepts (procedure.ts). */
export const accessTypes = ["client", "server", "admin"] as const;
export type AccessType = (typeof accessTypes)[number];
