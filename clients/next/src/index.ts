/**
 * @latchkey/next: Latchkey's SDK for the Next.js App Router, with the public surface of Stack's
 * `@stackframe/stack`. This module is what client components (and their server rendering) import;
 * server components, route handlers and server actions get ./server/index.ts (the `react-server`
 * condition), whose `StackServerApp` reads the request's cookies.
 */
export * from "@latchkey/react";
export { packageName, version } from "./version.js";
export { StackClientApp, useNextNavigate } from "./client-app.js";
export { StackHandlerClient as StackHandler, useUser } from "./client.js";
export type { StackHandlerProps } from "./handler-props.js";
