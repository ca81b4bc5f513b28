/**
 * The e-mail runtime, bundled by scripts/build-email-runtime.mjs into one script that a QuickJS context
 * evaluates once (wrapped in a function, so nothing lands on the global object). The script's value is
 * the host API below; templates never see it. Loading ends with `lockdown()`: from then on, nothing a
 * template does outlives its render.
 */
import "./install-globals.js";
// The build appends this export to @react-email/tailwind: its compiled-stylesheet cache is module state.
import { __resetTailwindCache } from "@react-email/tailwind";
import { lockdown } from "./harden.js";
import { moduleObjects, sandboxRequire } from "./modules.js";
import { renderEmail, type ModuleFactory, type RenderJob } from "./render-email.js";
import { clearTasks, runNextTask } from "./timers.js";

export type RenderAnswer =
  | { ok: true; html: string; text: string; subject?: string; notificationCategory?: string }
  | { ok: false; name: string; message: string; stack: string };

function safeString(read: () => unknown): string {
  try {
    const value = read();
    return typeof value === "string" ? value : value === undefined ? "" : String(value);
  } catch {
    return "";
  }
}

/** Never rejects: the answer is JSON, so no object made by a template crosses to the host. */
export async function render(theme: ModuleFactory, template: ModuleFactory, jobJson: string): Promise<string> {
  clearTasks();
  try {
    const job = JSON.parse(jobJson) as RenderJob;
    const output = await renderEmail(theme, template, job);
    return JSON.stringify({ ok: true, ...output } satisfies RenderAnswer);
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
    const isObject = typeof e === "object" && e !== null;
    return JSON.stringify({
      ok: false,
      name: isObject ? safeString(() => e.name) || "Error" : "Error",
      message: isObject ? safeString(() => e.message) : safeString(() => error),
      stack: isObject ? safeString(() => e.stack) : "",
    } satisfies RenderAnswer);
  }
}

/** Runs the next timer or channel message; false when none is queued. */
export function runTask(): boolean {
  return runNextTask();
}

/** Called after every render, finished or not: nothing scheduled by it may run later. */
export function endRender(): void {
  clearTasks();
}

/** Called before a render for another project than the last: drops caches that hold templates' data. */
export function forgetProject(): void {
  __resetTailwindCache();
}

lockdown([...moduleObjects, sandboxRequire]);
