/**
 * Resolves who is calling from the x-stack-* headers, in the order the wire protocol fixes
 * (reference/wire/headers-and-auth.md §3). An empty header counts as absent.
 */
import { accessTypes, type AccessType } from "../../contract/procedure.js";
import { knownError } from "../../contract/known-error.js";
import type { KeyKind } from "../db/queries/api-key-sets.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { UserRecord } from "../db/queries/users.js";
import type { AppDeps } from "../deps.js";
import { isHostedPagesKey } from "../services/hosted-pages.js";
import { INTERNAL_PROJECT_ID } from "../services/projects.js";
import type { VerifiedAccessToken } from "../services/tokens/access-tokens.js";
import { checkWorkflowToken } from "../services/workflows/token.js";
import { statusError, type StatusErrorName } from "../errors.js";
import { presentedKeyHash } from "./presented-key-hashes.js";

export interface Auth {
  readonly project: ProjectRow;
  readonly accessType: AccessType;
  /** The signed-in user, from x-stack-access-token; null when there is none or its session has ended. */
  readonly user: UserRecord | null;
  /** The session the access token was minted from. */
  readonly sessionId: string | null;
  /** Set when an owner's admin access token stood in for the project keys. */
  readonly ownerUserId: string | null;
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

  const accessToken = header("x-stack-access-token");
  // Stack's SDK sends an owner's token in both headers when the owner acts on an owned project through
  // its admin app (`AdminProject.transfer`): there it names the owner (checked below), not a user of
  // the project, so it signs no user in.
  const ownerTokenRepeated = accessToken !== undefined && accessToken === header("x-stack-admin-access-token");
  const token = accessToken === undefined || ownerTokenRepeated ? null : await verifyUserToken(deps, accessToken, projectId, readHeader);

  const project = await deps.queries.projects.find(projectId);
  if (!project) throw knownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
  // Load (or create) the project's signing key now, outside any transaction: minting a token inside a
  // transaction must not need a second database connection (a pool of busy transactions would deadlock).
  await deps.signingKeys.current(project.id);

  // A workflow run's token (services/workflows/token.ts) stands in for the secret server key; it is
  // looked up only when presented, so no other request pays for it.
  const workflowToken = header("x-stack-workflow-token");
  if (workflowToken !== undefined) await checkWorkflowToken(deps, project, workflowToken);
  const adminToken = header("x-stack-admin-access-token");
  const ownerUserId = adminToken === undefined ? null : await checkOwnerToken(deps, adminToken, project);
  const keyReplaced = ownerUserId !== null || (workflowToken !== undefined && accessType === "server");
  if (!keyReplaced) await checkKey(deps, project, accessType, header(keyForAccess[accessType].header));

  const branch = header("x-stack-branch-id");
  if (branch !== undefined && branch !== "main") throw knownError("BRANCH_DOES_NOT_EXIST", { branch_id: branch });

  const user = token ? ((await deps.queries.users.findBySession(project.id, token.userId, token.sessionId, deps.clock.now())) ?? null) : null;
  return { project, accessType, user, sessionId: user ? token!.sessionId : null, ownerUserId };
}

async function verifyUserToken(deps: AppDeps, token: string, projectId: string, readHeader: HeaderReader): Promise<VerifiedAccessToken> {
  const verified = await deps.accessTokens.verify(token, "access");
  if (verified.projectId !== projectId) {
    throw knownError("INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: projectId, actual_project_id: verified.projectId });
  }
  if (verified.isAnonymous && readHeader("x-stack-allow-anonymous-user") !== "true") throw knownError("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
  return verified;
}

/** Checks that `presented` is a live key of `accessType`'s kind for the project; throws the missing or invalid key error. */
export async function checkKey(deps: AppDeps, project: ProjectRow, accessType: AccessType, presented: string | undefined): Promise<void> {
  if (presented === undefined) throw missingKeyError[accessType]();
  // A mistyped key of the checksummed shape is refused without a lookup.
  const keyHash = presentedKeyHash(presented);
  if (keyHash === null) throw invalidKeyError[accessType](project.id);
  const live = await deps.queries.apiKeySets.findLiveByKeyHash(project.id, keyForAccess[accessType].kind, keyHash, deps.clock.now());
  if (!live && !(accessType === "client" && isHostedPagesKey(deps, project.id, presented))) throw invalidKeyError[accessType](project.id);
}

/**
 * An owner's admin access token: an access token of an internal-project user who belongs to the team
 * owning the project. It replaces the keys, at any access level. Returns the owner's user id.
 */
async function checkOwnerToken(deps: AppDeps, token: string, project: ProjectRow): Promise<string> {
  const verified = await deps.accessTokens.verify(token, "admin");
  if (verified.projectId !== INTERNAL_PROJECT_ID) throw knownError("INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN");
  const owner = await deps.queries.users.findBySession(INTERNAL_PROJECT_ID, verified.userId, verified.sessionId, deps.clock.now());
  if (!owner) throw statusError("adminTokenOwnerGone");
  // Anonymous users never own projects, whatever team they are in.
  const isOwner = !owner.user.isAnonymous && project.ownerTeamId !== null && (await deps.queries.teams.isMember(INTERNAL_PROJECT_ID, project.ownerTeamId, owner.user.id));
  if (!isOwner) throw knownError("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
  return owner.user.id;
}

/** The signed-in user, or USER_AUTHENTICATION_REQUIRED. */
export function requireUser(auth: Auth): UserRecord {
  if (!auth.user) throw knownError("USER_AUTHENTICATION_REQUIRED");
  return auth.user;
}

/**
 * The signed-in user of a route that Stack declares with a required `auth.user` in its request schema:
 * without one it answers SCHEMA_ERROR `auth.user must be defined` (not USER_AUTHENTICATION_REQUIRED).
 * `route`: method and path as in the message, e.g. `POST /api/v1/auth/password/set`.
 */
export function requireUserInSchema(auth: Auth, route: string): UserRecord {
  if (!auth.user) throw knownError("SCHEMA_ERROR", { message: `Request validation failed on ${route}:\n  - auth.user must be defined` });
  return auth.user;
}

/**
 * Turns a `user_id` (an id or `me`) into a user id. `me` needs a signed-in user; client callers may
 * only name themselves (else the `refusal` error); procedures that admit clients must pass one.
 */
export function resolveUserId(auth: Auth, userId: string, refusal?: StatusErrorName): string {
  if (userId === "me") {
    if (!auth.user) throw knownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
    return auth.user.user.id;
  }
  if (auth.accessType === "client" && auth.user?.user.id !== userId) {
    if (!refusal) throw new Error("resolveUserId: a client named another user where only servers may (the procedure should not admit clients)");
    throw statusError(refusal);
  }
  return userId;
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
