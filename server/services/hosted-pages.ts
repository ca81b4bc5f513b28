/**
 * The publishable client key of the hosted pages (/handler/*). Client calls need a publishable key;
 * the hosted pages of a project use one that is never stored and never minted: an HMAC of the project
 * id under a key derived from the server secret, which any process sharing the secret computes again
 * and accepts as that project's publishable key (http/auth.ts, the OAuth client checks). Loading a
 * hosted page therefore writes nothing into the project (issue 35, finding 11: it used to create a key
 * set in any project named by `?project_id=`). Publishable keys are public by design (every app ships
 * its own in its pages); this one grants what any of the project's publishable keys grants.
 *
 * Key sets named "Hosted pages (managed by Latchkey)" that earlier versions created are ordinary key
 * sets: they keep working until revoked.
 */
import type { ProjectRow } from "../db/queries/projects.js";
import type { AppDeps } from "../deps.js";
import { keyPrefixes } from "./api-key-sets.js";
import { safeEqual } from "./secrets.js";

const MAC_PURPOSE = "hosted-pages-publishable-key:v2";

export interface HostedPagesBootstrap {
  projectId: string;
  publishableClientKey: string;
}

/** The hosted pages' publishable key of a project. */
export function hostedPagesKey(deps: Pick<AppDeps, "secrets">, projectId: string): string {
  return keyPrefixes.publishableClientKey + deps.secrets.mac(projectId, MAC_PURPOSE);
}

/** Whether `presented` is the hosted pages' publishable key of `projectId`. */
export function isHostedPagesKey(deps: Pick<AppDeps, "secrets">, projectId: string, presented: string): boolean {
  return presented.startsWith(keyPrefixes.publishableClientKey) && safeEqual(presented, hostedPagesKey(deps, projectId));
}

/** The project id and publishable key the hosted pages of `project` use. */
export function hostedPagesBootstrap(deps: Pick<AppDeps, "secrets">, project: Pick<ProjectRow, "id">): HostedPagesBootstrap {
  return { projectId: project.id, publishableClientKey: hostedPagesKey(deps, project.id) };
}
