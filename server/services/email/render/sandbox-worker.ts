/**
 * Worker thread entry (built to dist/email-runtime/sandbox-worker.mjs): loads one QuickJS context with
 * the runtime bundle, says "ready", then renders one request at a time. Compiling the TSX happens here
 * too, so nothing a template can influence runs on the main thread.
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { EmailSandbox, SandboxFailure } from "./sandbox.js";
import { TranspileError, compileModule } from "./transpile.js";
import type { RenderRequest, WorkerMessage, WorkerStartData } from "./worker-protocol.js";

const port = parentPort!;
const start = workerData as WorkerStartData;
const post = (message: WorkerMessage): void => port.postMessage(message);

function handle(sandbox: EmailSandbox, request: RenderRequest): WorkerMessage {
  const { themeTsx, templateTsx, ...job } = request.input;
  try {
    const theme = compileModule(themeTsx, "theme.tsx");
    const template = compileModule(templateTsx, "template.tsx");
    const email = sandbox.render(theme, template, job, { timeoutMs: request.timeoutMs, forgetProject: request.forgetProject });
    return { type: "rendered", id: request.id, email };
  } catch (error) {
    if (error instanceof TranspileError) return { type: "failed", id: request.id, failure: { message: error.message, fatal: false } };
    if (error instanceof SandboxFailure) return { type: "failed", id: request.id, failure: error.failure };
    const message = error instanceof Error ? error.message : String(error);
    return { type: "failed", id: request.id, failure: { message: `The sandbox failed: ${message}`, fatal: true } };
  }
}

try {
  const began = performance.now();
  const sandbox = await EmailSandbox.create(readFileSync(start.runtimePath, "utf8"), start);
  port.on("message", (request: RenderRequest) => post(handle(sandbox, request)));
  post({ type: "ready", loadMs: Math.round(performance.now() - began) });
} catch (error) {
  post({ type: "startFailed", message: error instanceof Error ? error.message : String(error) });
}
