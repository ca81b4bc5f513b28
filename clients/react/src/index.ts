/**
 * Latchkey's React SDK: `StackProvider`, the hooks (`useUser`, `useStackApp`, `useProject`, and the `use*`
 * twins of the SDK objects' read methods), and the components. Everything of @latchkey/js is re-exported,
 * with `StackClientApp`, `StackServerApp` and `StackAdminApp` replaced by their hook-carrying versions, so an
 * app moves from `@stackframe/react` by changing its import.
 */
export * from "@latchkey/js";
export { packageName, version } from "./version.js";
export { StackProvider, useStackApp, useStackLang, type StackProviderProps } from "./provider.js";
export { StackClientApp, StackServerApp, StackAdminApp } from "./app/apps.js";
export { hookMethods, type Hooked, type HooksOf } from "./app/object-hooks.js";
// These win over @latchkey/js's names: the React type carries the hooks (`useOwnedProjects`).
export { isCurrentInternalUser, type CurrentInternalUser } from "./app/internal-user.js";
export * from "./hooks/index.js";
export * from "./components/index.js";
// The component of this name wins over @latchkey/js's TeamInvitation type (import that from @latchkey/js).
export { TeamInvitation } from "./components/index.js";
