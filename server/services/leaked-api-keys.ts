/**
 * Leak reports from secret scanners (`POST /integrations/credential-scanning/revoke`): a scanner that
 * finds one of our secret user or team API keys in public (recognisable by its layout, see SECURITY.md)
 * posts it here. The key is revoked at once and its owners hear of it: the user of a user key, and the
 * members of a team key's team who may manage its keys. Public keys are meant to be seen and are not
 * revoked. Anyone holding the value may revoke it, which is the point; the answer says no more than
 * whether the value was a secret key of ours.
 */
import { knownError } from "../../contract/known-error.js";
import type { ApiKeyRow } from "../db/queries/api-keys.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { apiKeyToJson } from "../views/api-keys.js";
import { MANAGE_API_KEYS } from "./api-keys.js";
import { enqueueEmail } from "./email/outbox.js";
import { escapeHtml } from "./email/render/defaults/plain.js";
import { recordEvent } from "./events.js";
import { teamPermissionsOf } from "./permissions/grants.js";
import { couldBeApiKey } from "./recognisable-secrets.js";
import { hashSecret } from "./secrets.js";

/** Revokes the secret key `value` names and mails its owners; a key revoked before is answered the same, without another mail. */
export async function revokeLeakedApiKey(deps: AppDeps, value: string): Promise<void> {
  if (!couldBeApiKey(value)) throw knownError("API_KEY_NOT_FOUND");
  const found = await deps.queries.apiKeys.findByValueHashInAnyProject(hashSecret(value));
  if (!found) throw knownError("API_KEY_NOT_FOUND");
  if (found.isPublic) throw knownError("PUBLIC_API_KEY_CANNOT_BE_REVOKED");
  if (found.revokedAt) return;
  const project = await deps.queries.projects.find(found.projectId);
  if (!project) throw knownError("API_KEY_NOT_FOUND");
  await deps.store.transaction(async (tx) => {
    const revoked = await deps.queries.apiKeys.update(project.id, found.id, { revokedAt: deps.clock.now() }, tx);
    if (!revoked) throw knownError("API_KEY_NOT_FOUND");
    await recordEvent(deps, tx, "api_key.revoked", () => apiKeyToJson(revoked.type, revoked), { projectId: project.id, actor: null });
    const to = await ownerAddresses(deps, project, revoked, tx);
    if (to.length > 0) await enqueueEmail(deps, tx, { projectId: project.id, to, ...leakMail(project, revoked) });
  });
}

async function ownerAddresses(deps: AppDeps, project: ProjectRow, key: ApiKeyRow, db: Db): Promise<string[]> {
  if (key.userId !== null) {
    const owner = await deps.queries.users.find(project.id, key.userId, db);
    return owner?.primaryEmail ? [owner.primaryEmail.value] : [];
  }
  if (key.teamId === null) return [];
  const addresses: string[] = [];
  for (const record of await deps.queries.teams.memberRecords(project.id, { teamId: key.teamId }, db)) {
    if (!record.primaryEmail) continue;
    if ((await teamPermissionsOf(deps, project, key.teamId, record.user.id, true, db)).has(MANAGE_API_KEYS)) addresses.push(record.primaryEmail.value);
  }
  return addresses;
}

/** The owner's notice: which key (its description and last four characters), what happened, what to do. */
function leakMail(project: ProjectRow, key: ApiKeyRow): { subject: string; html: string; text: string } {
  const which = `"${key.description}" (ending in ${key.lastFour})`;
  const lines = [
    `A secret scanner found your ${key.type} API key ${which} of ${project.displayName} in a public place, such as a public code repository.`,
    "We revoked the key so that nobody can use it. Create a new key, put it where the old one was used, and keep it out of public places.",
    "If you did not expect this, check where the key was used and whether anything was done with it.",
  ];
  return {
    subject: `An API key of yours was found in public and revoked (${project.displayName})`,
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
