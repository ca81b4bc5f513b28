/** Writing audit checkpoints (checkpoints.ts) on demand and periodically, for one project or all of them. */
import type { AuditCheckpointRow } from "../../db/queries/audit-checkpoints.js";
import type { AppDeps } from "../../deps.js";
import { errorFields } from "../jobs/error-fields.js";
import { sealAuditChain } from "./chain.js";
import { addCheckpoint } from "./checkpoints.js";

/**
 * Seals what is pending and checkpoints the project's head unless the newest checkpoint already names it.
 * Answers the newest checkpoint afterwards (null while the log is empty) and whether this call wrote it.
 */
export async function checkpointProject(deps: AppDeps, projectId: string): Promise<{ checkpoint: AuditCheckpointRow | null; written: boolean }> {
  const head = await sealAuditChain(deps, projectId);
  const latest = (await deps.queries.auditCheckpoints.latest(projectId)) ?? null;
  if (!head || (latest && Number(latest.seq) >= head.seq)) return { checkpoint: latest, written: false };
  return { checkpoint: await addCheckpoint(deps, projectId, head), written: true };
}

/** Checkpoints every project whose head moved since its newest checkpoint; answers how many were written. */
export async function checkpointAllProjects(deps: AppDeps): Promise<number> {
  let written = 0;
  for (const projectId of await deps.queries.projects.ids()) {
    try {
      if ((await checkpointProject(deps, projectId)).written) written++;
    } catch (error) {
      // A project deleted meanwhile, a lost connection: the next round tries again.
      deps.log.error("audit: could not write a checkpoint", { projectId, ...errorFields(error) });
    }
  }
  return written;
}
