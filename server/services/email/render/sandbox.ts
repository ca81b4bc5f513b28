/**
 * One QuickJS context holding the e-mail runtime, driven synchronously from its worker thread. QuickJS
 * has no event loop: a render is a loop of "run the promise jobs, else run the next timer task" until
 * the render's promise settles, under an interrupt handler that stops the interpreter at the deadline.
 * Memory and stack are capped per runtime. After a fatal failure the worker is replaced, not this object
 * repaired. Tailwind's default setup (~150 ms to compile here) is the runtime's work, never a template's:
 * it is compiled when the context loads, and a spare one is compiled while the context is idle, ready
 * for the next change of project (see runtime/entry.ts).
 */
import { RELEASE_SYNC, newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from "quickjs-emscripten";
import { classifySandboxError, memoryFailure, stackFailure, timeoutFailure, type SandboxError } from "./failure.js";
import type { WorkflowAnswer } from "./runtime/workflow.js";
import { WARM_UP_MS, type RenderFailure, type RenderInput, type RenderedEmail, type SandboxLimits, type WorkflowOutcome } from "./worker-protocol.js";

export class SandboxFailure extends Error {
  constructor(readonly failure: RenderFailure) {
    super(failure.message);
  }
}

export interface TenantRunOptions {
  timeoutMs: number;
  forgetProject: boolean;
  onDeadlineStart?: () => void;
}

interface RuntimeApi {
  render: QuickJSHandle;
  runWorkflow: QuickJSHandle;
  runTask: QuickJSHandle;
  endRender: QuickJSHandle;
  forgetProject: QuickJSHandle;
  warmUp: QuickJSHandle;
  prepareSpare: QuickJSHandle;
}

/** What the sandbox makes; the plain-text part is made from the HTML outside it (plain-text.ts). */
export type SandboxOutput = Omit<RenderedEmail, "text">;

type Answer = ({ ok: true } & SandboxOutput) | ({ ok: false } & SandboxError);

export class EmailSandbox {
  private deadline = Number.POSITIVE_INFINITY;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly api: RuntimeApi,
    private readonly limits: SandboxLimits,
  ) {}

  static async create(runtimeSource: string, limits: SandboxLimits): Promise<EmailSandbox> {
    const wasm = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
    const runtime = wasm.newRuntime();
    runtime.setMemoryLimit(limits.memoryLimitBytes);
    runtime.setMaxStackSize(limits.maxStackSizeBytes);
    const context = runtime.newContext();
    // The bundle declares `var __latchkeyEmailRuntime`; inside a function it stays off the global object.
    const wrapped = `(function () {\n${runtimeSource}\nreturn __latchkeyEmailRuntime;\n})()`;
    const exports = context.unwrapResult(context.evalCode(wrapped, "email-runtime.js"));
    const api: RuntimeApi = {
      render: context.getProp(exports, "render"),
      runWorkflow: context.getProp(exports, "runWorkflow"),
      runTask: context.getProp(exports, "runTask"),
      endRender: context.getProp(exports, "endRender"),
      forgetProject: context.getProp(exports, "forgetProject"),
      warmUp: context.getProp(exports, "warmUp"),
      prepareSpare: context.getProp(exports, "prepareSpare"),
    };
    exports.dispose();
    const sandbox = new EmailSandbox(runtime, context, api, limits);
    runtime.setInterruptHandler(() => Date.now() > sandbox.deadline);
    sandbox.runOwn(api.warmUp);
    return sandbox;
  }

  /** Compiles a spare Tailwind setup if there is none (call when idle; a no-op otherwise). */
  prepareSpare(): void {
    this.runOwn(this.api.prepareSpare);
  }

  /** Runs one of the runtime's own async functions (no tenant code) to completion, on its own budget. */
  private runOwn(fn: QuickJSHandle): void {
    this.deadline = Date.now() + WARM_UP_MS;
    const promise = this.call(fn, [], WARM_UP_MS);
    try {
      this.settle(promise, WARM_UP_MS);
    } finally {
      promise.dispose();
    }
  }

  /** Renders compiled theme and template factories (see transpile.ts). Throws SandboxFailure. */
  render(theme: string, template: string, input: Omit<RenderInput, "themeTsx" | "templateTsx">, options: TenantRunOptions): SandboxOutput {
    const sources: Array<[string, string]> = [[theme, "theme.tsx"], [template, "template.tsx"]];
    return this.runTenant(sources, this.api.render, JSON.stringify(input), options, (json) => {
      const answer = JSON.parse(json) as Answer;
      if (!answer.ok) throw new SandboxFailure(this.classify(answer, options.timeoutMs));
      const { ok: _ok, ...email } = answer;
      return email;
    });
  }

  /**
   * Runs a compiled workflow's trigger (runtime/workflow.ts) under the same deadline, memory and stack
   * limits as a render. Throws SandboxFailure (with the workflow's console lines) when it throws or hits a limit.
   */
  runWorkflow(workflow: string, jobJson: string, options: TenantRunOptions): WorkflowOutcome {
    return this.runTenant([[workflow, "workflow.ts"]], this.api.runWorkflow, jobJson, options, (json) => {
      const answer = JSON.parse(json) as WorkflowAnswer;
      if (!answer.ok) throw new SandboxFailure({ ...this.classify(answer, options.timeoutMs), logs: answer.logs });
      return { handled: answer.handled, calls: answer.calls, logs: answer.logs };
    });
  }

  /**
   * Evaluates the tenant's compiled modules and calls `fn(...factories, jobJson)` within the deadline;
   * `read` turns the runtime's answer into the result (inside the deadline, so a late failure is a timeout).
   */
  private runTenant<T>(sources: Array<[string, string]>, fn: QuickJSHandle, jobJson: string, options: TenantRunOptions, read: (answer: string) => T): T {
    const { context } = this;
    const handles: QuickJSHandle[] = [];
    const keep = (handle: QuickJSHandle): QuickJSHandle => (handles.push(handle), handle);
    try {
      if (options.forgetProject) {
        const swapped = this.call(this.api.forgetProject, [], options.timeoutMs);
        const hadSpare = context.dump(swapped) as boolean;
        swapped.dispose();
        if (!hadSpare) this.runOwn(this.api.warmUp);
      }
      this.deadline = Date.now() + options.timeoutMs;
      options.onDeadlineStart?.();
      const factories = sources.map(([code, file]) => keep(this.evaluate(code, file, options.timeoutMs)));
      const job = keep(context.newString(jobJson));
      const promise = keep(this.call(fn, [...factories, job], options.timeoutMs));
      return read(this.settle(promise, options.timeoutMs));
    } catch (error) {
      throw this.toFailure(error, options.timeoutMs);
    } finally {
      for (const handle of handles) if (handle.alive) handle.dispose();
      this.deadline = Date.now() + 100;
      try {
        this.call(this.api.endRender, [], options.timeoutMs).dispose();
      } catch {
        // The context is being replaced anyway (the failure was fatal).
      }
    }
  }

  /** Pumps jobs and tasks until the promise settles; its value is the runtime's answer (a string). */
  private settle(promise: QuickJSHandle, timeoutMs: number): string {
    const { context } = this;
    for (;;) {
      // Past the deadline every job is interrupted as it starts, and an interrupted promise job turns
      // into a rejection that nothing can handle: the render would look stalled rather than timed out.
      if (Date.now() > this.deadline) throw new SandboxFailure(timeoutFailure(timeoutMs));
      const state = context.getPromiseState(promise);
      if (state.type === "fulfilled") {
        const value = context.getString(state.value);
        state.value.dispose();
        this.drain(timeoutMs);
        return value;
      }
      if (state.type === "rejected") throw this.sandboxError(state.error, timeoutMs);
      if (this.step(timeoutMs)) continue;
      if (Date.now() > this.deadline) throw new SandboxFailure(timeoutFailure(timeoutMs));
      throw new SandboxFailure({ message: "The render never finished: it waits for a promise that nothing resolves", fatal: true });
    }
  }

  /** Runs the pending promise jobs, else the next task; false when there was nothing to run. */
  private step(timeoutMs: number): boolean {
    const jobs = this.runtime.executePendingJobs();
    if (jobs.error) throw this.sandboxError(jobs.error, timeoutMs);
    if (jobs.value > 0) return true;
    const ran = this.call(this.api.runTask, [], timeoutMs);
    const more = this.context.dump(ran) as boolean;
    ran.dispose();
    return more;
  }

  /**
   * A render is over when nothing is left to run: React posts a last task after the document is read,
   * and a task dropped instead of run stays in React's own queue, holding its request (a leak of a
   * whole render each time). Timers a template left behind run here too, within the same deadline.
   */
  private drain(timeoutMs: number): void {
    while (this.step(timeoutMs)) {
      if (Date.now() > this.deadline) throw new SandboxFailure(timeoutFailure(timeoutMs));
    }
  }

  private evaluate(code: string, file: string, timeoutMs: number): QuickJSHandle {
    const result = this.context.evalCode(code, file);
    if (result.error) throw this.sandboxError(result.error, timeoutMs);
    return result.value;
  }

  private call(fn: QuickJSHandle, args: QuickJSHandle[], timeoutMs: number): QuickJSHandle {
    const result = this.context.callFunction(fn, this.context.undefined, args);
    if (result.error) throw this.sandboxError(result.error, timeoutMs);
    return result.value;
  }

  private sandboxError(handle: QuickJSHandle, timeoutMs: number): SandboxFailure {
    let error: SandboxError;
    try {
      const dumped = this.context.dump(handle) as Partial<SandboxError> | string | null;
      error = typeof dumped === "object" && dumped !== null
        ? { name: String(dumped.name ?? "Error"), message: String(dumped.message ?? ""), stack: String(dumped.stack ?? "") }
        : { name: "Error", message: String(dumped), stack: "" };
    } catch {
      error = { name: "InternalError", message: "the error could not be read", stack: "" };
    } finally {
      handle.dispose();
    }
    return new SandboxFailure(this.classify(error, timeoutMs));
  }

  private classify(error: SandboxError, timeoutMs: number): RenderFailure {
    if (Date.now() > this.deadline) return timeoutFailure(timeoutMs);
    return classifySandboxError(error, { timeoutMs, memoryLimitBytes: this.limits.memoryLimitBytes });
  }

  /** Errors of the WebAssembly host itself (its own stack or memory ran out): always fatal. */
  private toFailure(error: unknown, timeoutMs: number): SandboxFailure {
    if (error instanceof SandboxFailure) return error;
    if (error instanceof RangeError && /call stack/i.test(error.message)) return new SandboxFailure(stackFailure());
    if (error instanceof Error && /out of memory|enlarge memory/i.test(error.message)) return new SandboxFailure(memoryFailure(this.limits.memoryLimitBytes));
    if (Date.now() > this.deadline) return new SandboxFailure(timeoutFailure(timeoutMs));
    return new SandboxFailure({ message: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}`, fatal: true });
  }
}
