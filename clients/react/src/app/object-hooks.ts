import { keyText, registerObjectDecorator, type AppContext, type AsyncCache } from "@latchkey/js/internal";
import { useCachedValue } from "../hooks/use-cached.js";

/**
 * The hooks every SDK object gets, each the React twin of an async read method of the same object, as in
 * Stack's React package: `user.useTeams()` reads what `user.listTeams()` answers, and so on. A hook is
 * added only where its method exists.
 */
export const hookMethods = {
  useTeams: "listTeams",
  useTeam: "getTeam",
  useUsers: "listUsers",
  useContactChannels: "listContactChannels",
  usePermissions: "listPermissions",
  usePermission: "getPermission",
  useApiKeys: "listApiKeys",
  useActiveSessions: "getActiveSessions",
  useTeamProfile: "getTeamProfile",
  useItem: "getItem",
  useInvitations: "listInvitations",
  useOAuthProviders: "listOAuthProviders",
  useOAuthProvider: "getOAuthProvider",
  useConnectedAccount: "getConnectedAccount",
  useNotificationCategories: "listNotificationCategories",
  useOwnedProjects: "listOwnedProjects",
  useProducts: "listProducts",
  useInternalApiKeys: "listInternalApiKeys",
  useTeamPermissionDefinitions: "listTeamPermissionDefinitions",
  useProjectPermissionDefinitions: "listProjectPermissionDefinitions",
  useValue: "getValue",
} as const;

type HookMethods = typeof hookMethods;
type AsyncMethod = (...args: never[]) => Promise<unknown>;

/** `T` with the hooks of its read methods, recursively (a hook's objects have hooks too). */
export type Hooked<T> = T extends readonly (infer E)[] ? Hooked<E>[] : T extends Date | ((...args: never[]) => unknown) ? T : T extends object ? T & HooksOf<T> : T;

/** The hooks `T` gets: one per read method it has. */
export type HooksOf<T> = {
  [H in keyof HookMethods as HookMethods[H] extends keyof T ? (T[HookMethods[H]] extends AsyncMethod ? H : never) : never]: T[HookMethods[H] & keyof T] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Hooked<R> : never;
};

const thunksByContext = new WeakMap<AppContext, Map<string, () => Promise<unknown>>>();

function thunksOf(context: AppContext): Map<string, () => Promise<unknown>> {
  let thunks = thunksByContext.get(context);
  if (!thunks) thunksByContext.set(context, (thunks = new Map()));
  return thunks;
}

/** Arguments as key parts: objects with an id (teams, users) by id, so a rebuilt object is the same key. */
function argumentKey(arg: unknown): unknown {
  if (typeof arg !== "object" || arg === null) return arg;
  if ("id" in arg && typeof arg.id === "string") return `id:${arg.id}`;
  return JSON.stringify(arg);
}

/** The app's cache of hook reads, each fetched by the thunk its hook registered last. */
export function objectReads(context: AppContext): AsyncCache<readonly unknown[], unknown> {
  const thunks = thunksOf(context);
  return context.cache<readonly unknown[], unknown>("react.objectReads", (key) => {
    const thunk = thunks.get(keyText(key));
    if (!thunk) throw new Error("Internal error: a hook's read was fetched before it was registered");
    return thunk();
  });
}

/** The key under which `objectReads` holds `method(...args)` of the object `identity` names. */
export function objectReadKey(identity: readonly unknown[], method: string, args: readonly unknown[]): readonly unknown[] {
  return [...identity, method, ...args.map(argumentKey)];
}

/**
 * Reads `object[method](...args)` through the app's cache (the one every change of the app invalidates),
 * keyed by what the object stands for: the component re-renders when the answer changes.
 */
export function useObjectMethod(context: AppContext, identity: readonly unknown[], object: object, method: string, args: readonly unknown[]): unknown {
  const thunks = thunksOf(context);
  const cache = objectReads(context);
  const key = objectReadKey(identity, method, args);
  // The newest object answers the next fetch (objects are rebuilt on every read; their ids stay).
  thunks.set(keyText(key), () => ((object as Record<string, unknown>)[method] as (...a: readonly unknown[]) => Promise<unknown>).apply(object, [...args]));
  return useCachedValue(cache, key);
}

/** Adds the `use*` twin of every read method `object` has. */
export function addObjectHooks(object: object, context: AppContext, identity: readonly unknown[]): void {
  const target = object as Record<string, unknown>;
  for (const [hook, method] of Object.entries(hookMethods)) {
    if (typeof target[method] !== "function" || hook in target) continue;
    target[hook] = (...args: unknown[]) => useObjectMethod(context, identity, target, method, args);
  }
}

let installed = false;

/** Registers the hooks with the SDK, once: from then on every user and team any app builds has them. */
export function installObjectHooks(): void {
  if (installed) return;
  installed = true;
  for (const kind of ["currentUser", "serverUser", "team", "serverTeam", "dataVaultStore"] as const) registerObjectDecorator(kind, addObjectHooks);
}
