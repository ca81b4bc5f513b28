/**
 * The roots of the surface comparison (stack-surface.test.ts): Stack's three app types and ours, side by
 * side. Only read by the TypeScript compiler API, never run.
 */
import type { StackAdminApp as StackAdmin, StackClientApp as StackClient, StackServerApp as StackServer } from "@stackframe/js";
import type { StackAdminApp as OurAdmin, StackClientApp as OurClient, StackServerApp as OurServer } from "../../../clients/js/src/index.js";

export interface SurfaceRoots {
  stack: { StackClientApp: StackClient<true, string>; StackServerApp: StackServer<true, string>; StackAdminApp: StackAdmin<true, string> };
  latchkey: { StackClientApp: OurClient; StackServerApp: OurServer; StackAdminApp: OurAdmin };
}
