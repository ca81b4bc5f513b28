/**
 * Renders e-mail themes, templates and drafts (TSX written by project admins) in a QuickJS sandbox on
 * worker threads. Each render compiles the TSX with sucrase, evaluates it in a warm context that already
 * holds React, React Email and Tailwind, and answers the HTML, the plain-text part, and the values of
 * `<Subject>` and `<NotificationCategory>`. Every failure of the theme or template, limits included, is
 * EMAIL_RENDERING_ERROR with a message for the admin.
 *
 * @example
 * const renderer = createEmailRenderer({ poolSize: 2, timeoutMs: 1000 });
 * const { html, text, subject } = await renderer.render({ projectId, themeTsx, templateTsx, variables });
 * await renderer.close();
 *
 * Each render may be observed (its duration, and why it failed): the pool is shared by the whole
 * process, so the caller (catalogue/renderer.ts) passes the observer that feeds its own metrics.
 */
import { knownError } from "../../../errors.js";
import type { RenderLane } from "./fair-queue.js";
import { SandboxPool, TemplateRenderError, type PoolStats } from "./pool.js";
import { findRuntimeFiles } from "./runtime-files.js";
import type { RenderInput, RenderLimit, RenderedEmail, WorkflowInput, WorkflowOutcome } from "./worker-protocol.js";

export type { PoolStats, RenderedEmail, RenderLane, WorkflowOutcome };

/** A workflow run that threw, or was stopped by a limit (`limit`); `logs`: its console lines until then. */
export class WorkflowRunFailure extends Error {
  override readonly name = "WorkflowRunFailure";
  constructor(
    message: string,
    readonly limit?: RenderLimit,
    readonly logs: string[] = [],
  ) {
    super(message);
  }
}

/** How one render ended: `failure` is absent when it rendered, else the limit it hit or "error". */
export interface RenderObservation {
  seconds: number;
  failure?: RenderLimit | "error";
}

export type RenderObserver = (observation: RenderObservation) => void;

export interface EmailRendererOptions {
  /** Warm contexts (one worker thread each). Default 2. */
  poolSize?: number;
  /** Time one render may take inside the sandbox. Default 1000 ms. */
  timeoutMs?: number;
  /** QuickJS heap limit per context (the loaded runtime uses ~5 MB of it). Default 32 MiB. */
  memoryLimitBytes?: number;
  /** QuickJS stack limit per context. Default 1 MiB (the worker's native stack is 8 MiB). */
  maxStackSizeBytes?: number;
  /** A context is replaced after this many renders. Default 5000. */
  maxRendersPerContext?: number;
  /** How long after the deadline a worker that does not answer is terminated. Default 250 ms. */
  killGraceMs?: number;
  /** Longest theme or template source accepted, in characters. Default 256 KiB. */
  maxSourceLength?: number;
  /** Where runtime.js and sandbox-worker.mjs are; found from dist/email-runtime by default. */
  runtimeDir?: string;
}

export interface RenderEmailInput extends RenderInput {
  projectId: string;
  /** The product's own mail goes first and keeps a warm context of its own; anything else is tenant work (the default). */
  lane?: RenderLane;
}

export interface EmailRenderer {
  /** Throws EMAIL_RENDERING_ERROR when the theme or template fails; `observe` hears how every render ended. */
  render(input: RenderEmailInput, observe?: RenderObserver): Promise<RenderedEmail>;
  /**
   * Runs a project's workflow in a context of the pool (tenant work, the render's deadline and limits).
   * Throws WorkflowRunFailure when the workflow throws or hits a limit; other errors (the pool closed or
   * could not start) are the server's.
   */
  runWorkflow(projectId: string, input: WorkflowInput): Promise<WorkflowOutcome>;
  /** Resolves once every context is warm (start-up, tests, benchmarks). */
  whenReady(): Promise<void>;
  /** Whether a render of the project overran its deadline within the last `withinMs` (a tenant whose template hangs). */
  overranRecently(projectId: string, withinMs: number): boolean;
  stats(): PoolStats;
  close(): Promise<void>;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`createEmailRenderer: ${name} must be a positive number`);
  return value;
}

export function createEmailRenderer(options: EmailRendererOptions = {}): EmailRenderer {
  const maxSourceLength = positive("maxSourceLength", options.maxSourceLength ?? 256 * 1024);
  const pool = new SandboxPool({
    poolSize: Math.floor(positive("poolSize", options.poolSize ?? 2)),
    timeoutMs: positive("timeoutMs", options.timeoutMs ?? 1000),
    memoryLimitBytes: positive("memoryLimitBytes", options.memoryLimitBytes ?? 32 * 1024 * 1024),
    maxStackSizeBytes: positive("maxStackSizeBytes", options.maxStackSizeBytes ?? 1024 * 1024),
    maxRendersPerContext: positive("maxRendersPerContext", options.maxRendersPerContext ?? 5000),
    killGraceMs: positive("killGraceMs", options.killGraceMs ?? 250),
    files: findRuntimeFiles(options.runtimeDir),
  });

  async function render({ projectId, lane = "tenant", ...input }: RenderEmailInput, observe?: RenderObserver): Promise<RenderedEmail> {
    const started = performance.now();
    const ended = (failure?: RenderObservation["failure"]) => observe?.({ seconds: (performance.now() - started) / 1000, ...(failure && { failure }) });
    for (const [file, source] of [["theme", input.themeTsx], ["template", input.templateTsx]] as const) {
      if (source.length > maxSourceLength) {
        ended("error");
        throw knownError("EMAIL_RENDERING_ERROR", { error: `The ${file} source is longer than ${maxSourceLength} characters` });
      }
    }
    try {
      const email = await pool.render(projectId, input, lane);
      ended();
      return email;
    } catch (error) {
      ended((error instanceof TemplateRenderError && error.limit) || "error");
      if (error instanceof TemplateRenderError) throw knownError("EMAIL_RENDERING_ERROR", { error: error.message });
      throw error;
    }
  }

  async function runWorkflow(projectId: string, input: WorkflowInput): Promise<WorkflowOutcome> {
    if (input.source.length > maxSourceLength) throw new WorkflowRunFailure(`The workflow source is longer than ${maxSourceLength} characters`);
    try {
      return await pool.runWorkflow(projectId, input);
    } catch (error) {
      if (error instanceof TemplateRenderError) throw new WorkflowRunFailure(workflowMessage(error), error.limit, error.logs);
      throw error;
    }
  }

  return {
    render,
    runWorkflow,
    whenReady: () => pool.whenReady(),
    overranRecently: (projectId, withinMs) => pool.overranRecently(projectId, withinMs),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** The sandbox says "Rendering …" of its limits; a workflow's admin reads about the run. */
function workflowMessage(error: TemplateRenderError): string {
  return error.message.replace(/^Rendering /, "The workflow run ");
}
