/**
 * @latchkey/next in server components, route handlers and server actions (Next.js resolves the package
 * here through its `react-server` condition): the cookie-backed `StackServerApp`, the server
 * `StackProvider` and `StackHandler`, and the client components and hooks as client references.
 */
export * from "@latchkey/js";
export { packageName, version } from "../version.js";
export { StackServerApp } from "./server-app.js";
export { StackProvider, type StackProviderProps } from "./provider.js";
export { StackHandler } from "./handler.js";
export type { StackHandlerProps } from "../handler-props.js";
// The client components and hooks, as client references: their one list is client.tsx's (a client
// boundary must name each export).
export * from "@latchkey/next/client";
