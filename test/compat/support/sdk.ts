/**
 * The SDK under test. Every compat scenario runs once per SDK named in `LATCHKEY_COMPAT_SDKS` (default:
 * both): the published `@stackframe/js` and our `@latchkey/js`, imported in its place. Ours is typed here as
 * Stack's classes, so the scenarios are written once against Stack's public surface.
 */
import * as stack from "@stackframe/js";
import * as latchkey from "@latchkey/js";
import type { Dialect } from "../../../server/db/store.js";
import { testDialects } from "../../support/databases.js";

export type SdkName = "stack" | "latchkey";

export interface Sdk {
  name: SdkName;
  StackClientApp: typeof stack.StackClientApp;
  StackServerApp: typeof stack.StackServerApp;
  StackAdminApp: typeof stack.StackAdminApp;
}

const sdks: Record<SdkName, Sdk> = {
  stack: { name: "stack", StackClientApp: stack.StackClientApp, StackServerApp: stack.StackServerApp, StackAdminApp: stack.StackAdminApp },
  latchkey: {
    name: "latchkey",
    StackClientApp: latchkey.StackClientApp as unknown as typeof stack.StackClientApp,
    StackServerApp: latchkey.StackServerApp as unknown as typeof stack.StackServerApp,
    StackAdminApp: latchkey.StackAdminApp as unknown as typeof stack.StackAdminApp,
  },
};

/** Reads `LATCHKEY_COMPAT_SDKS` (comma-separated; both when unset). An unknown name throws. */
export function parseCompatSdks(value: string | undefined): Sdk[] {
  if (value === undefined) return Object.values(sdks);
  const names = value.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const unknown = names.filter((name) => !(name in sdks));
  if (unknown.length > 0 || names.length === 0) throw new Error(`LATCHKEY_COMPAT_SDKS: name one or more of ${Object.keys(sdks).join(", ")} (got "${value}")`);
  return [...new Set(names)].map((name) => sdks[name as SdkName]);
}

/** One run of a compat file: an SDK on a database. */
export interface CompatTarget {
  sdk: Sdk;
  dialect: Dialect;
  label: string;
}

export const compatTargets: CompatTarget[] = parseCompatSdks(process.env.LATCHKEY_COMPAT_SDKS).flatMap((sdk) =>
  testDialects.map((dialect) => ({ sdk, dialect, label: `${sdk.name} on ${dialect}` })),
);
