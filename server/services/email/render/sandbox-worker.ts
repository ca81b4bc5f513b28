/**
 * Worker thread entry (built to dist/email-runtime/sandbox-worker.mjs): loads one QuickJS context with
 * the runtime bundle, says "ready", then renders (or runs a workflow for) one request at a time, preparing a spare Tailwind
 * setup between requests. Compiling the TSX happens here too, so nothing a template can influence runs
 * on the main thread.
 */
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { toPlainText } from "./plain-text.js";
import { EmailSandbox, SandboxFailure } from "./sandbox.js";
import { TranspileError, compileModule } from "./transpile.js";
import type { RenderRequest, SandboxRequest, WorkerMessage, WorkerStartData, WorkflowRequest } from "./worker-protocol.js";

/**
 * Rendering is background work next to the API (the outbox sends most e-mails), so this thread runs at
 * a lower CPU priority, as the password hashers do: it takes the CPU time the event loop leaves.
 * (Linux applies a nice value per thread.)
 */
const SANDBOX_THREAD_NICE = 10;

/** Longer HTML is refused before it is converted to text or sent back (mail clients clip at ~100 KB). */
const MAX_HTML_LENGTH = 5 * 1024 * 1024;

const port = parentPort!;
const start = workerData as WorkerStartData;
const post = (message: WorkerMessage): void => port.postMessage(message);

type Answer = Extract<WorkerMessage, { type: "rendered" | "ran" | "failed" }>;

function handle(sandbox: EmailSandbox, request: SandboxRequest): Answer {
  try {
    return request.type === "workflow" ? runWorkflow(sandbox, request) : render(sandbox, request);
  } catch (error) {
    if (error instanceof TranspileError) return { type: "failed", id: request.id, failure: { message: error.message, fatal: false } };
    if (error instanceof SandboxFailure) return { type: "failed", id: request.id, failure: error.failure };
    const message = error instanceof Error ? error.message : String(error);
    return { type: "failed", id: request.id, failure: { message: `The sandbox failed: ${message}`, fatal: true } };
  }
}

function runWorkflow(sandbox: EmailSandbox, request: WorkflowRequest): Answer {
  const workflow = compileModule(request.input.source, "workflow.ts");
  const outcome = sandbox.runWorkflow(workflow, request.input.jobJson, {
    timeoutMs: request.timeoutMs,
    forgetProject: request.forgetProject,
    onDeadlineStart: () => post({ type: "started", id: request.id }),
  });
  return { type: "ran", id: request.id, outcome };
}

function render(sandbox: EmailSandbox, request: RenderRequest): Answer {
  const { themeTsx, templateTsx, ...job } = request.input;
  const theme = compileModule(themeTsx, "theme.tsx");
  const template = compileModule(templateTsx, "template.tsx");
  const output = sandbox.render(theme, template, job, {
    timeoutMs: request.timeoutMs,
    forgetProject: request.forgetProject,
    onDeadlineStart: () => post({ type: "started", id: request.id }),
  });
  if (output.html.length > MAX_HTML_LENGTH) {
    return { type: "failed", id: request.id, failure: { message: "The rendered HTML is longer than 5 MB", fatal: false } };
  }
  return { type: "rendered", id: request.id, email: { ...output, text: toPlainText(output.html) } };
}

try {
  setPriority(0, SANDBOX_THREAD_NICE);
} catch {
  // Not permitted here: the thread keeps the process's priority.
}

try {
  const began = performance.now();
  const sandbox = await EmailSandbox.create(readFileSync(start.runtimePath, "utf8"), start);
  // Idle work: the spare Tailwind setup for the next change of project. If this fails, the context is
  // not trusted any more: the worker exits and the pool replaces it.
  const prepareSpareWhenIdle = () =>
    setImmediate(() => {
      try {
        sandbox.prepareSpare();
      } catch {
        process.exit(1);
      }
    });
  port.on("message", (request: SandboxRequest) => {
    const answer = handle(sandbox, request);
    post(answer);
    if (answer.type !== "failed" || !answer.failure.fatal) prepareSpareWhenIdle();
  });
  post({ type: "ready", loadMs: Math.round(performance.now() - began) });
  prepareSpareWhenIdle();
} catch (error) {
  post({ type: "startFailed", message: error instanceof Error ? error.message : String(error) });
}
