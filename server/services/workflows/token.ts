/**
 * Workflow tokens (x-stack-workflow-token): what a workflow run presents when the server makes the API
 * calls the run asked for. A token is minted per attempt, recognisable (`lkwt_` prefix and checksum, as
 * every secret we issue), stored only as its SHA-256 hash on the run's row, and lives a short while.
 * It stands in for the secret server key at server access, for its own project only.
 */
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { newPrefixedSecret } from "../recognisable-secrets.js";
import { hashSecret } from "../secrets.js";

export const WORKFLOW_TOKEN_PREFIX = "lkwt_";
/** Long enough for a run's calls (at most 20, each bounded by the API's own limits). */
export const WORKFLOW_TOKEN_LIFETIME_MS = 2 * 60_000;

export function mintWorkflowToken(): { token: string; hash: string } {
  const token = newPrefixedSecret(WORKFLOW_TOKEN_PREFIX);
  return { token, hash: hashSecret(token) };
}

/**
 * Checks a presented workflow token against the project's runs (one query, made only when the header
 * is present). Throws WORKFLOW_TOKEN_DOES_NOT_EXIST or WORKFLOW_TOKEN_EXPIRED.
 */
export async function checkWorkflowToken(deps: AppDeps, project: ProjectRow, presented: string): Promise<void> {
  const run = presented.startsWith(WORKFLOW_TOKEN_PREFIX) ? await deps.queries.workflowRuns.findByTokenHash(project.id, hashSecret(presented)) : undefined;
  if (!run) throw knownError("WORKFLOW_TOKEN_DOES_NOT_EXIST");
  if (!run.tokenExpiresAt || run.tokenExpiresAt.getTime() <= deps.clock.now().getTime()) throw knownError("WORKFLOW_TOKEN_EXPIRED");
}
