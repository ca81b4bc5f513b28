/** Reading the audit log: what is pending is sealed first, so that admins see every row in its chain position. */
import type { AuditFilter } from "../../db/queries/audit.js";
import type { AppDeps } from "../../deps.js";
import { sealAuditChain } from "./chain.js";

export async function listAudit(deps: AppDeps, projectId: string, filter: AuditFilter) {
  await sealAuditChain(deps, projectId);
  return deps.queries.audit.list(projectId, filter);
}
