// scripts/build-email-runtime.mjs appends this export to @react-email/tailwind when it bundles the runtime.
export {};

declare module "@react-email/tailwind" {
  /** Empties the module's cache of compiled Tailwind setups (it holds the last project's classes and config). */
  export function __resetTailwindCache(): void;
}
