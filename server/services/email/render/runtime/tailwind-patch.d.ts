// scripts/build-email-runtime.mjs adds this export to @react-email/tailwind when it bundles the runtime.
export {};

declare module "@react-email/tailwind" {
  /**
   * Replaces the module's cache of compiled Tailwind setups (keyed by config; each holds the classes of
   * every render that used it) and answers the one it replaced.
   */
  export function __swapTailwindCache(next: Map<unknown, unknown>): Map<unknown, unknown>;
}
