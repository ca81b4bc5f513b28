import type { projectOwnerMethods } from "../admin-app.js";
import type { CurrentServerUser } from "../server-app.js";
import type { CurrentUser } from "./user.js";

/** The methods only users of the internal project have: creating and listing the projects they own. */
export type ProjectOwnerMethods = ReturnType<typeof projectOwnerMethods>;

/**
 * A signed-in user of the internal project (a project owner): a `CurrentUser` with `createProject` and
 * `listOwnedProjects`. Stack's `CurrentInternalUser`. Narrow a user to it with `isCurrentInternalUser`.
 */
export type CurrentInternalUser = CurrentUser & ProjectOwnerMethods;

// Checked against ProjectOwnerMethods, so a renamed method fails to compile here.
const ownerMethodNames = ["createProject", "listOwnedProjects"] as const satisfies readonly (keyof ProjectOwnerMethods)[];

/**
 * Whether `user` carries the project owner's methods, which apps for the internal project add at run time.
 * The app's type does not know its project id, so this check is how TypeScript learns it.
 * @example
 * ```ts
 * const owner = await app.getUser();
 * if (isCurrentInternalUser(owner)) console.log((await owner.listOwnedProjects()).map((p) => p.displayName));
 * ```
 */
export function isCurrentInternalUser(user: CurrentUser | CurrentServerUser | null | undefined): user is CurrentInternalUser {
  if (!user) return false;
  const methods = user as Partial<Record<(typeof ownerMethodNames)[number], unknown>>;
  return ownerMethodNames.every((name) => typeof methods[name] === "function");
}
