/**
 * Where the built sandbox lives: dist/email-runtime/ (scripts/build-email-runtime.mjs, run by
 * `npm run build`). This module runs from server/services/email/render/ under tsx or vitest and from
 * dist/server/ once bundled, so the folder is looked up from here upwards.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface RuntimeFiles {
  runtimePath: string;
  workerPath: string;
}

function filesIn(dir: string): RuntimeFiles {
  return { runtimePath: join(dir, "runtime.js"), workerPath: join(dir, "sandbox-worker.mjs") };
}

export function findRuntimeFiles(dir?: string): RuntimeFiles {
  if (dir) return filesIn(dir);
  let at = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(at, "email-runtime"), join(at, "dist", "email-runtime")]) {
      const files = filesIn(candidate);
      if (existsSync(files.runtimePath) && existsSync(files.workerPath)) return files;
    }
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  throw new Error("The e-mail sandbox is not built: run `npm run build` (scripts/build-email-runtime.mjs) first");
}
