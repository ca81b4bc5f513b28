/**
 * A small pool of sandbox workers, each holding one warm QuickJS context. A context renders one job at
 * a time (a render, or a project's workflow run: runtime/workflow.ts); a job goes to an idle context that last served the same project if there is one, else to a
 * fresh one, else to the least recently used (which first drops the caches of the project it served).
 * Tenants share the pool without stalling one another (fair-queue.ts): the product's own mail goes first,
 * projects take turns, one project holds at most `poolSize - 1` contexts at once, and tenant work (previews,
 * saves, admin sends) never takes the last warm idle context, which stays for product mail. A project whose
 * render overran its deadline is remembered for a while (`overranRecently`), so product mail can skip its
 * edited templates.
 * A context is retired after a failure of tenant code or after `maxRendersPerContext` renders, and a new
 * worker warms up in its place. The interrupt handler stops a render at its deadline; if the worker does
 * not answer `killGraceMs` later (QuickJS cannot interrupt a long built-in call), it is terminated. The
 * deadline starts when the worker says the template starts ("started"): before that it may finish idle
 * work, compile the TSX or warm up, all bounded by WARM_UP_MS.
 */
import { Worker } from "node:worker_threads";
import { FairQueue, type RenderLane } from "./fair-queue.js";
import type { RuntimeFiles } from "./runtime-files.js";
import {
  WARM_UP_MS,
  type RenderInput,
  type RenderLimit,
  type RenderedEmail,
  type SandboxLimits,
  type SandboxRequest,
  type WorkerMessage,
  type WorkerStartData,
  type WorkflowInput,
  type WorkflowOutcome,
} from "./worker-protocol.js";

export interface PoolOptions extends SandboxLimits {
  poolSize: number;
  timeoutMs: number;
  killGraceMs: number;
  maxRendersPerContext: number;
  files: RuntimeFiles;
}

/** A render that failed because of the theme or template (or a limit it hit): EMAIL_RENDERING_ERROR. */
export class TemplateRenderError extends Error {
  override readonly name = "TemplateRenderError";
  constructor(
    message: string,
    /** The limit that stopped the render, if one did. */
    readonly limit?: RenderLimit,
    /** A workflow's console lines up to its failure. */
    readonly logs?: string[],
  ) {
    super(message);
  }
}

/** What a job asks of a context: a render, or a workflow run (same isolation, limits and turns). */
type JobWork = { type: "render"; input: RenderInput } | { type: "workflow"; input: WorkflowInput };

interface Job {
  id: number;
  projectId: string;
  lane: RenderLane;
  work: JobWork;
  resolve: (result: RenderedEmail | WorkflowOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  spawnedAt: number;
  ready: boolean;
  retired: boolean;
  job: Job | null;
  project: string | null;
  renders: number;
  lastUsed: number;
  killTimer?: NodeJS.Timeout;
}

export interface PoolStats {
  contexts: number;
  ready: number;
  busy: number;
  queued: number;
  /** Spawn-to-ready times of every context started so far, in ms (the first ones are the initial warm-up). */
  coldStartsMs: number[];
  /** Of those, the time each worker took to load QuickJS, the runtime, and compile Tailwind's default setup. */
  contextLoadsMs: number[];
  retired: number;
}

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Job>();
  /** When each project's render last overran its deadline (performance.now()). */
  private readonly overruns = new Map<string, number>();
  private readonly coldStartsMs: number[] = [];
  private readonly contextLoadsMs: number[] = [];
  private readonly readyWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private nextId = 1;
  private retiredCount = 0;
  private startFailures = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.poolSize; i++) this.spawn();
  }

  render(projectId: string, input: RenderInput, lane: RenderLane): Promise<RenderedEmail> {
    return this.enqueue(projectId, lane, { type: "render", input }) as Promise<RenderedEmail>;
  }

  /** Runs a workflow's trigger in a context of the pool, as tenant work. */
  runWorkflow(projectId: string, input: WorkflowInput): Promise<WorkflowOutcome> {
    return this.enqueue(projectId, "tenant", { type: "workflow", input }) as Promise<WorkflowOutcome>;
  }

  private enqueue(projectId: string, lane: RenderLane, work: JobWork): Promise<RenderedEmail | WorkflowOutcome> {
    if (this.closed) return Promise.reject(new Error("The e-mail renderer is closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, projectId, lane, work, resolve, reject });
      this.dispatch();
    });
  }

  /** Whether a render of the project overran its deadline within the last `withinMs`. */
  overranRecently(projectId: string, withinMs: number): boolean {
    const at = this.overruns.get(projectId);
    return at !== undefined && performance.now() - at < withinMs;
  }

  /** Resolves once every context of the pool is warm. */
  whenReady(): Promise<void> {
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  stats(): PoolStats {
    return {
      contexts: this.slots.length,
      ready: this.slots.filter((slot) => slot.ready).length,
      busy: this.slots.filter((slot) => slot.job).length,
      queued: this.queue.size,
      coldStartsMs: [...this.coldStartsMs],
      contextLoadsMs: [...this.contextLoadsMs],
      retired: this.retiredCount,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = new Error("The e-mail renderer is closed");
    for (const job of this.queue.drain()) job.reject(closedError);
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(closedError);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, closedError)));
  }

  private spawn(): void {
    if (this.closed) return;
    const data: WorkerStartData = {
      runtimePath: this.options.files.runtimePath,
      memoryLimitBytes: this.options.memoryLimitBytes,
      maxStackSizeBytes: this.options.maxStackSizeBytes,
    };
    const worker = new Worker(this.options.files.workerPath, {
      workerData: data,
      execArgv: [],
      // QuickJS recursion runs on this thread's native stack: keep it well above maxStackSizeBytes.
      resourceLimits: { stackSizeMb: 8, maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    const slot: Slot = { worker, spawnedAt: performance.now(), ready: false, retired: false, job: null, project: null, renders: 0, lastUsed: 0 };
    this.slots.push(slot);
    worker.on("message", (message: WorkerMessage) => this.onMessage(slot, message));
    // A worker past its own heap limit (resourceLimits) ends with ERR_WORKER_OUT_OF_MEMORY.
    worker.on("error", (error: Error & { code?: string }) => this.onExit(slot, error.message, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : undefined));
    worker.on("exit", (code) => this.onExit(slot, `exit code ${code}`));
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (slot.retired) return;
    switch (message.type) {
      case "ready":
        slot.ready = true;
        slot.worker.unref();
        this.startFailures = 0;
        this.coldStartsMs.push(Math.round(performance.now() - slot.spawnedAt));
        this.contextLoadsMs.push(message.loadMs);
        if (this.slots.every((s) => s.ready)) for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
        this.dispatch();
        return;
      case "startFailed":
        this.failStart(slot, message.message);
        return;
      case "started":
        if (slot.job?.id === message.id) this.arm(slot, this.options.timeoutMs + this.options.killGraceMs);
        return;
      case "rendered":
      case "ran":
      case "failed": {
        const job = slot.job;
        if (!job || job.id !== message.id) return;
        clearTimeout(slot.killTimer);
        slot.job = null;
        slot.renders++;
        if (message.type === "rendered") job.resolve(message.email);
        else if (message.type === "ran") job.resolve(message.outcome);
        else {
          if (message.failure.limit === "deadline") this.overruns.set(job.projectId, performance.now());
          job.reject(new TemplateRenderError(message.failure.message, message.failure.limit, message.failure.logs));
        }
        const fatal = message.type === "failed" && message.failure.fatal;
        if (fatal || slot.renders >= this.options.maxRendersPerContext) this.replace(slot);
        else slot.worker.unref();
        this.dispatch();
        return;
      }
    }
  }

  private onExit(slot: Slot, reason: string, limit?: RenderLimit): void {
    if (slot.retired) return;
    if (!slot.ready) return this.failStart(slot, `the worker stopped (${reason})`);
    clearTimeout(slot.killTimer);
    slot.job?.reject(new TemplateRenderError(`The sandbox stopped while rendering (${reason})`, limit));
    slot.job = null;
    this.replace(slot);
    this.dispatch();
  }

  /**
   * A worker that cannot start is a deployment problem, not a template's: waiting jobs fail (unless
   * another context can serve them) and a new worker is tried later, less and less often.
   */
  private failStart(slot: Slot, reason: string): void {
    const error = new Error(`The e-mail sandbox failed to start: ${reason}`);
    void this.retire(slot, error);
    if (!this.slots.some((s) => s.ready)) for (const job of this.queue.drain()) job.reject(error);
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(error);
    this.startFailures++;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(this.startFailures, 6));
    setTimeout(() => this.spawn(), delay).unref();
  }

  private replace(slot: Slot): void {
    void this.retire(slot, new Error("The sandbox was replaced"));
    this.spawn();
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    this.retiredCount++;
    clearTimeout(slot.killTimer);
    slot.job?.reject(error);
    slot.job = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    await slot.worker.terminate();
  }

  private dispatch(): void {
    while (this.queue.size > 0) {
      const idle = this.idleSlots();
      if (idle.length === 0) return;
      const job = this.queue.take((candidate) => this.mayStart(candidate, idle.length));
      if (!job) return;
      this.run(this.pick(idle, job.projectId), job);
    }
  }

  private idleSlots(): Slot[] {
    return this.slots.filter((slot) => slot.ready && !slot.job && !slot.retired);
  }

  /**
   * A project holds at most `poolSize - 1` contexts (at least one), and tenant work leaves one warm idle
   * context for product mail, whatever state the other contexts are in (busy, or warming up after a kill).
   */
  private mayStart(job: Job, idleCount: number): boolean {
    const poolSize = this.options.poolSize;
    const held = this.slots.filter((slot) => slot.job?.projectId === job.projectId).length;
    if (held >= Math.max(1, poolSize - 1)) return false;
    return job.lane === "product" || poolSize < 2 || idleCount >= 2;
  }

  private pick(idle: Slot[], projectId: string): Slot {
    return (
      idle.find((slot) => slot.project === projectId) ??
      idle.find((slot) => slot.project === null) ??
      idle.sort((a, b) => a.lastUsed - b.lastUsed)[0]!
    );
  }

  /** Terminates the worker if its job is not answered within `ms`. */
  private arm(slot: Slot, ms: number): void {
    clearTimeout(slot.killTimer);
    slot.killTimer = setTimeout(() => {
      if (slot.job) this.overruns.set(slot.job.projectId, performance.now());
      void this.retire(slot, new TemplateRenderError(`Rendering timed out after ${this.options.timeoutMs} ms`, "deadline"));
      this.spawn();
      this.dispatch();
    }, ms);
  }

  private run(slot: Slot, job: Job): void {
    const forgetProject = slot.project !== null && slot.project !== job.projectId;
    slot.job = job;
    slot.project = job.projectId;
    slot.lastUsed = performance.now();
    slot.worker.ref();
    this.arm(slot, WARM_UP_MS + this.options.killGraceMs);
    const common = { id: job.id, timeoutMs: this.options.timeoutMs, forgetProject };
    const request: SandboxRequest = job.work.type === "render" ? { type: "render", ...common, input: job.work.input } : { type: "workflow", ...common, input: job.work.input };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      // Variables that cannot be cloned (functions, symbols): the caller's mistake, the context is untouched.
      clearTimeout(slot.killTimer);
      slot.job = null;
      slot.worker.unref();
      job.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
