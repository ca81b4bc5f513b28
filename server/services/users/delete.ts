/** Deleting a user: its sessions, channels, memberships, grants and keys go with it (foreign keys). */
import type { AppDeps } from "../../deps.js";
import { deletedUserToJson } from "../../views/users.js";
import { eventsAreRead, recordEvent, type EventActor } from "../events.js";

/**
 * Deletes the user and records `user.deleted` with the teams it belonged to (read before the delete
 * takes the memberships, and only when events are read). False when the user was already gone.
 */
export async function deleteUser(deps: AppDeps, projectId: string, userId: string, actor: EventActor | null = null): Promise<boolean> {
  return deps.store.transaction(async (tx) => {
    const teamIds = eventsAreRead(deps) ? await deps.queries.teams.teamIdsOfUser(projectId, userId, tx) : [];
    if (!(await deps.queries.users.delete(projectId, userId, tx))) return false;
    await recordEvent(deps, tx, "user.deleted", () => deletedUserToJson(userId, teamIds), { projectId, actor });
    return true;
  });
}
