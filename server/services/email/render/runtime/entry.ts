/**
 * The e-mail runtime, bundled by scripts/build-email-runtime.mjs into one script that a QuickJS context
 * evaluates once (wrapped in a function, so nothing lands on the global object). The script's value is
 * the host API below; templates never see it. Loading ends with `lockdown()`: from then on, nothing a
 * template does outlives its render. Workflows (runtime/workflow.ts) run in the same contexts, under
 * the same limits.
 */
import "./install-globals.js";
// The build adds this export to @react-email/tailwind: its cache of compiled setups is module state.
import { __swapTailwindCache } from "@react-email/tailwind";
import { lockdown } from "./harden.js";
import { moduleObjects, sandboxRequire } from "./modules.js";
import { renderEmail, warmUpTailwind, type ModuleFactory, type RenderJob } from "./render-email.js";
import { clearTasks, runNextTask } from "./timers.js";
import { runWorkflow as runWorkflowModule, type WorkflowFactory } from "./workflow.js";

export type RenderAnswer =
  | { ok: true; html: string; subject?: string; notificationCategory?: string }
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

/** Runs one workflow's trigger (runtime/workflow.ts); never rejects, answers JSON. */
export function runWorkflow(workflow: WorkflowFactory, jobJson: string): Promise<string> {
  clearTasks();
  return runWorkflowModule(workflow, jobJson);
}

/** Runs the next timer or channel message; false when none is queued. */
export function runTask(): boolean {
  return runNextTask();
}

/** Called after every render, finished or not: nothing scheduled by it may run later. */
export function endRender(): void {
  clearTasks();
}

/** A Tailwind cache no template has used yet, holding the default setup (see prepareSpare). */
let spare: Map<unknown, unknown> | null = null;

/**
 * Called before a render for another project than the last: Tailwind's cache holds the classes and
 * configs of the previous project's templates, so it is replaced by the spare. Answers false when there
 * was no spare; the host then calls warmUp, so that no template's deadline pays for the compile.
 */
export function forgetProject(): boolean {
  __swapTailwindCache(spare ?? new Map());
  const hadSpare = spare !== null;
  spare = null;
  return hadSpare;
}

/** Compiles Tailwind's default setup into the live cache (at load, or after forgetProject without spare). */
export async function warmUp(): Promise<string> {
  clearTasks();
  await warmUpTailwind();
  return "warm";
}

/** Builds the next spare while the context is idle (the live cache is set aside meanwhile). */
export async function prepareSpare(): Promise<string> {
  if (spare) return "ready";
  clearTasks();
  const live = __swapTailwindCache(new Map());
  try {
    await warmUpTailwind();
  } finally {
    spare = __swapTailwindCache(live);
  }
  return "ready";
}

lockdown([...moduleObjects, sandboxRequire]);
