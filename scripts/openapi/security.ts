/**
 * The x-stack header security schemes, and which of them each document and operation accepts. The
 * whole document lists every way in; a level's document only the keys of that level.
 */
import type { AccessType, ProcedureAccess } from "../../contract/procedure.js";

/** A document: every operation (`full`), or the operations one access level may call. */
export type DocumentLevel = "full" | AccessType;

type SchemeName = keyof typeof schemes;
type Requirement = Partial<Record<SchemeName, []>>;

const schemes = {
  projectId: { type: "apiKey", in: "header", name: "x-stack-project-id", description: "The project's id (`internal` for the platform's own project)." },
  accessType: { type: "apiKey", in: "header", name: "x-stack-access-type", description: "`client`, `server` or `admin`: the level of the key sent." },
  publishableClientKey: { type: "apiKey", in: "header", name: "x-stack-publishable-client-key" },
  secretServerKey: { type: "apiKey", in: "header", name: "x-stack-secret-server-key" },
  superSecretAdminKey: { type: "apiKey", in: "header", name: "x-stack-super-secret-admin-key" },
  adminAccessToken: { type: "apiKey", in: "header", name: "x-stack-admin-access-token", description: "Access token of an internal-project user who owns the project; replaces the keys." },
} as const;

/** The credentials of each access level (besides the project id and the access type). */
const credentials: Record<AccessType, SchemeName[]> = {
  client: ["publishableClientKey"],
  server: ["secretServerKey"],
  admin: ["superSecretAdminKey", "adminAccessToken"],
};

const levelsFrom: Record<AccessType, AccessType[]> = { client: ["client", "server", "admin"], server: ["server", "admin"], admin: ["admin"] };

const withKey = (key: SchemeName): Requirement => ({ projectId: [], accessType: [], [key]: [] });

/** The access levels whose keys a document describes. */
function documentLevels(level: DocumentLevel): AccessType[] {
  return level === "full" ? levelsFrom.client : [level];
}

/** May callers of the document's level call a procedure of this access? */
export function isCallable(access: ProcedureAccess, level: DocumentLevel): boolean {
  if (level === "full" || access === "public" || access === "optional") return true;
  return levelsFrom[access].includes(level);
}

/** The security schemes a document uses. */
export function securitySchemesOf(level: DocumentLevel): Partial<typeof schemes> {
  const names: SchemeName[] = ["projectId", "accessType", ...documentLevels(level).flatMap((l) => credentials[l])];
  return Object.fromEntries(names.map((name) => [name, schemes[name]]));
}

/** The ways in to a procedure of this access, within a document's levels. */
export function securityOf(access: ProcedureAccess, level: DocumentLevel): Requirement[] {
  if (access === "public") return [];
  const allowed = documentLevels(level).filter((l) => access === "optional" || levelsFrom[access].includes(l));
  const requirements = allowed.flatMap((l) => credentials[l]).map(withKey);
  return access === "optional" ? [{}, ...requirements] : requirements;
}

/**
 * The security stated once for the whole document: that of the lowest level it describes, which
 * most of its operations share (operations that differ state their own).
 */
export function defaultSecurityOf(level: DocumentLevel): Requirement[] {
  return securityOf(level === "full" ? "client" : level, level);
}
