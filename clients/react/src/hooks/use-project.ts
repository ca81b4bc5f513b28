import type { LatchkeyClientApp, Project } from "@latchkey/js";
import { projectOf } from "@latchkey/js/internal";
import { useStackApp } from "../provider.js";
import { useBuilt, useCachedValue } from "./use-cached.js";

/**
 * The project's public configuration (sign-up allowed, enabled OAuth providers, ...). Suspends while it is
 * first read. Stack's `useProject` (also `app.useProject()`).
 *
 * @example
 * ```tsx
 * const project = useProject();
 * return project.config.signUpEnabled ? <SignUp /> : <p>Sign-up is closed.</p>;
 * ```
 */
export function useProject(): Project {
  return useProjectOf(useStackApp());
}

/** `useProject` for a given app (`app.useProject()`). */
export function useProjectOf(app: LatchkeyClientApp): Project {
  const json = useCachedValue(app._projectCache(), []);
  return useBuilt(json, projectOf);
}
