/**
 * Resolves who is calling from the x-stack-* headers, in the order the wire protocol fixes
 * (reference/wire/headers-and-auth.md §3). An empty header counts as absent.
 */
import { accessTypes, type AccessType } from "../../contract/procedure.js";
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { KeyKind } from "../db/queries/api-key-sets.js";
import type { AppDeps } from "../deps.js";
import { hashSecret } from "../services/secrets.js";

export interface Auth {
  readonly project: ProjectRow;
  readonly accessType: AccessType;
}

export type HeaderReader = (name: string) => string | undefined;

const keyForAccess: Record<AccessType, { header: string; kind: KeyKind }> = {
  client: { header: "x-stack-publishable-client-key", kind: "publishableClientKey" },
  server: { header: "x-stack-secret-server-key", kind: "secretServerKey" },
  admin: { header: "x-stack-super-secret-admin-key", kind: "superSecretAdminKey" },
};

const missingKeyError = {
  client: () => knownError("CLIENT_AUTHENTICATION_REQUIRED"),
  server: () => knownError("SERVER_AUTHENTICATION_REQUIRED"),
  admin: () => knownError("ADMIN_AUTHENTICATION_REQUIRED"),
} as const;

const invalidKeyError = {
  client: (project_id: string) => knownError("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id }),
  server: (project_id: string) => knownError("INVALID_SECRET_SERVER_KEY", { project_id }),
  admin: (project_id: string) => knownError("INVALID_SUPER_SECRET_ADMIN_KEY", { project_id }),
} as const;

/** Returns null when the request names no access type (an unauthenticated request). */
export async function resolveAuth(readHeader: HeaderReader, deps: AppDeps): Promise<Auth | null> {
  const header = (name: string) => {
    const value = readHeader(name);
    return value === undefined || value === "" ? undefined : value;
  };
  const requestedType = header("x-stack-access-type");
  if (requestedType === undefined) {
    const credentialHeaders = [...Object.values(keyForAccess).map((k) => k.header), "x-stack-admin-access-token"];
    if (credentialHeaders.some((name) => header(name) !== undefined)) throw knownError("PROJECT_KEY_WITHOUT_ACCESS_TYPE");
    return null;
  }
  if (!(accessTypes as readonly string[]).includes(requestedType)) {
    throw knownError("INVALID_ACCESS_TYPE", { accessType: requestedType });
  }
  const accessType = requestedType as AccessType;
  const projectId = header("x-stack-project-id");
  if (projectId === undefined) throw knownError("ACCESS_TYPE_WITHOUT_PROJECT_ID", { request_type: accessType });

  const project = await deps.queries.projects.find(projectId);
  if (!project) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });

  const { header: keyHeader, kind } = keyForAccess[accessType];
  const presented = header(keyHeader);
  if (presented === undefined) throw missingKeyError[accessType]();
  const live = await deps.queries.apiKeySets.findLiveByKeyHash(project.id, kind, hashSecret(presented), deps.clock.now());
  if (!live) throw invalidKeyError[accessType](project.id);

  const branch = header("x-stack-branch-id");
  if (branch !== undefined && branch !== "main") throw knownError("BRANCH_DOES_NOT_EXIST", { branch_id: branch });

  return { project, accessType };
}

const rank: Record<AccessType, number> = { client: 0, server: 1, admin: 2 };

/** Throws INSUFFICIENT_ACCESS_TYPE unless the caller's level is at least `minimum`. */
export function requireAccess(auth: Auth, minimum: AccessType): void {
  if (rank[auth.accessType] >= rank[minimum]) return;
  throw knownError("INSUFFICIENT_ACCESS_TYPE", {
    actual_access_type: auth.accessType,
    allowed_access_types: accessTypes.filter((t) => rank[t] >= rank[minimum]),
  });
}
