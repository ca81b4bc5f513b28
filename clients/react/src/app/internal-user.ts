import { isCurrentInternalUser as hasOwnerMethods, type CurrentInternalUser as PlainInternalUser, type CurrentServerUser, type CurrentUser, type LatchkeyAdminApp } from "@latchkey/js";
import type { StackAdminApp } from "./apps.js";
import type { Hooked } from "./object-hooks.js";

type OwnerMethods = Omit<PlainInternalUser, keyof CurrentUser>;
/** An owned project as built once these bindings are loaded: apps.ts registers StackAdminApp as its `app`. */
type WithHookedApp<P> = P extends { app: LatchkeyAdminApp } ? Omit<P, "app"> & { app: StackAdminApp } : P;
/** The owner's methods of @latchkey/js, answering owned projects whose `app` has the admin hooks. */
type ReactOwnerMethods = {
  [M in keyof OwnerMethods]: OwnerMethods[M] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<R extends readonly (infer P)[] ? WithHookedApp<P>[] : WithHookedApp<R>>
    : OwnerMethods[M];
};

/**
 * A signed-in user of the internal project (a project owner) with its hooks: `user.useOwnedProjects()` reads
 * what `listOwnedProjects()` answers, and each owned project's `app` is a `StackAdminApp`. Stack's
 * `CurrentInternalUser` from `@stackframe/react`; the hook-less type is @latchkey/js's.
 */
export type CurrentInternalUser = Hooked<CurrentUser & ReactOwnerMethods>;

/**
 * Whether `user` is a project owner (a user of the internal project), as `isCurrentInternalUser` of
 * @latchkey/js checks, narrowing to the type with the hooks (which every user gets once this package is loaded).
 * @example
 * ```tsx
 * const user = app.useUser({ or: "redirect" });
 * const projects = isCurrentInternalUser(user) ? user.useOwnedProjects() : [];
 * ```
 */
export function isCurrentInternalUser(user: CurrentUser | CurrentServerUser | null | undefined): user is CurrentInternalUser {
  return hasOwnerMethods(user);
}
