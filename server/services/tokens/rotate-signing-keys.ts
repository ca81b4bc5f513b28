/** Rotating a project's access-token signing keys (both key sets at once), audited through the event seam. */
import { randomUUID } from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { recordEvent, type EventActor } from "../events.js";
import type { SetRotation } from "./signing-keys.js";

export async function rotateSigningKeys(deps: AppDeps, projectId: string, actor: EventActor | null): Promise<SetRotation[]> {
  const rotations = await deps.store.transaction(async (tx) => {
    // First, so that on PostgreSQL the project row's lock makes concurrent rotations wait for each
    // other; the new version tells every process to load the keys again (signing-keys.ts).
    await deps.queries.projects.update(projectId, { signingKeysVersion: randomUUID() }, tx);
    const rotations = await deps.signingKeys.rotate(projectId, tx);
    const keySets = rotations.map((r) => ({ key_set: r.set, retired_kids: r.retiredKids, signing_kid: r.signingKid, standby_kid: r.standbyKid }));
    await recordEvent(deps, tx, "project.signing_keys_rotated", { key_sets: keySets }, { projectId, actor });
    return rotations;
  });
  // This process switches at once: its keys and verified tokens of the project are read and checked again
  // (a token of the retired key that claims to outlive its publication is refused from now on).
  deps.signingKeys.forget(projectId);
  deps.accessTokens.forgetProject(projectId);
  return rotations;
}
