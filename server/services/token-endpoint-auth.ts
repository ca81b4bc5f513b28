/**
 * Client authentication at the OAuth token endpoint: client_id is the project id (optionally
 * `<project>#<branch>`), client_secret a publishable client key, sent in the body or as HTTP Basic.
 */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { AppDeps } from "../deps.js";
import { isHostedPagesKey } from "./hosted-pages.js";
import { hashSecret } from "./secrets.js";

function fromBasic(header: string | undefined): { id?: string; secret?: string } {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match) return {};
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return {};
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

export async function checkOAuthClient(deps: AppDeps, bodyId: string | undefined, bodySecret: string | undefined, authorization: string | undefined): Promise<ProjectRow> {
  const basic = fromBasic(authorization);
  const clientId = bodyId ?? basic.id;
  const clientSecret = bodySecret ?? basic.secret;
  const invalid = () => knownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId ?? null });
  if (!clientId || !clientSecret) throw invalid();
  const [projectId, branch] = clientId.split("#");
  if (!projectId || (branch !== undefined && branch !== "main")) throw invalid();
  const project = await deps.queries.projects.find(projectId);
  if (!project) throw invalid();
  const key = await deps.queries.apiKeySets.findLiveByKeyHash(project.id, "publishableClientKey", hashSecret(clientSecret), deps.clock.now());
  if (!key && !isHostedPagesKey(deps, project.id, clientSecret)) throw invalid();
  return project;
}
