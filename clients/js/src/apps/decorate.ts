import type { AppContext } from "./context.js";

/** The SDK objects other packages may add methods to (the React bindings add their `use*` hooks). */
export type DecoratedKind = "currentUser" | "serverUser" | "team" | "serverTeam" | "dataVaultStore";

/**
 * Adds methods to a freshly built object. `identity` names what the object stands for (its kind, id and
 * session), so state kept per object survives the object being rebuilt from a new fetch.
 */
export type ObjectDecorator = (object: object, context: AppContext, identity: readonly unknown[]) => void;

const decorators = new Map<DecoratedKind, ObjectDecorator[]>();

/** Registers `decorator` for every object of `kind` built from now on, by any app. */
export function registerObjectDecorator(kind: DecoratedKind, decorator: ObjectDecorator): void {
  const list = decorators.get(kind) ?? [];
  if (!list.includes(decorator)) list.push(decorator);
  decorators.set(kind, list);
}

/** Runs the registered decorators of `kind` on `object` and answers it. */
export function decorated<T extends object>(kind: DecoratedKind, context: AppContext, identity: readonly unknown[], object: T): T {
  for (const decorator of decorators.get(kind) ?? []) decorator(object, context, identity);
  return object;
}
