/**
 * The SDK under test. Every compat scenario runs once per SDK named in `LATCHKEY_COMPAT_SDKS` (default:
 * stack and latchkey-packed): the published `@stackframe/js`; our `@latchkey/js` as a team installs it
 * (`latchkey-packed`: the package built, packed and installed from its tarball outside the repository, see
 * test/packages/support/packed.ts); or our `@latchkey/js` from the workspace sources (`latchkey`, quicker
 * while changing the SDK: `LATCHKEY_COMPAT_SDKS=latchkey npx vitest run test/compat`). Ours is typed
 * here as Stack's classes, so the scenarios are written once against Stack's public surface.
 */
import * as stack from "@stackframe/js";
import * as latchkey from "@latchkey/js";
import type { Dialect } from "../../../server/db/store.js";
import { join } from "node:path";
import { testDialects } from "../../support/databases.js";
import { installedPackages } from "../../packages/support/packed.js";

export type SdkName = "stack" | "latchkey" | "latchkey-packed";

export interface Sdk {
  name: SdkName;
  StackClientApp: typeof stack.StackClientApp;
  StackServerApp: typeof stack.StackServerApp;
  StackAdminApp: typeof stack.StackAdminApp;
}

const ours = (name: SdkName, module: typeof latchkey): Sdk => ({
  name,
  StackClientApp: module.StackClientApp as unknown as typeof stack.StackClientApp,
  StackServerApp: module.StackServerApp as unknown as typeof stack.StackServerApp,
  StackAdminApp: module.StackAdminApp as unknown as typeof stack.StackAdminApp,
});

const sdkNames: SdkName[] = ["stack", "latchkey", "latchkey-packed"];
const requested = process.env.LATCHKEY_COMPAT_SDKS?.split(",").map((name) => name.trim()) ?? ["stack", "latchkey-packed"];
// The packed package is built, packed and installed only when a run asks for it.
const packed = requested.includes("latchkey-packed")
  ? ((await import(join(await installedPackages(), "node_modules/@latchkey/js/index.js"))) as typeof latchkey)
  : null;

const sdks: Partial<Record<SdkName, Sdk>> = {
  stack: { name: "stack", StackClientApp: stack.StackClientApp, StackServerApp: stack.StackServerApp, StackAdminApp: stack.StackAdminApp },
  latchkey: ours("latchkey", latchkey),
  ...(packed && { "latchkey-packed": ours("latchkey-packed", packed) }),
};

/** Reads `LATCHKEY_COMPAT_SDKS` (comma-separated; stack and latchkey-packed when unset). An unknown name throws. */
export function parseCompatSdks(value: string | undefined): Sdk[] {
  if (value === undefined) return [sdks.stack!, sdks["latchkey-packed"]!];
  const names = value.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const unknown = names.filter((name) => !sdkNames.includes(name as SdkName));
  if (unknown.length > 0 || names.length === 0) throw new Error(`LATCHKEY_COMPAT_SDKS: name one or more of ${sdkNames.join(", ")} (got "${value}")`);
  return [...new Set(names)].map((name) => {
    const sdk = sdks[name as SdkName];
    if (!sdk) throw new Error(`LATCHKEY_COMPAT_SDKS: ${name} is loaded only when the run's LATCHKEY_COMPAT_SDKS names it`);
    return sdk;
  });
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
