// Stand-in workers for the pool's tests (no QuickJS): each reads what to do from the "runtime" file it is
// given and answers the pool's protocol. A template "spin…" keeps its worker busy until it is terminated.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { createEmailRenderer, type EmailRendererOptions, type RenderLane } from "./index.js";

const FAKE_WORKER = `
import { readFileSync } from "node:fs";
import { parentPort, threadId, workerData } from "node:worker_threads";
const mode = readFileSync(workerData.runtimePath, "utf8").trim();
if (mode === "fail-start") parentPort.postMessage({ type: "startFailed", message: "no wasm here" });
else {
  parentPort.postMessage({ type: "ready", loadMs: 1 });
  parentPort.on("message", (request) => {
    parentPort.postMessage({ type: "started", id: request.id });
    if (mode === "stuck" || request.input.templateTsx.startsWith("spin")) for (const until = Date.now() + 60000; Date.now() < until; );
    if (mode === "crash") process.exit(3);
    if (request.input.templateTsx.startsWith("fail:")) {
      const failure = { message: request.input.templateTsx.slice(5), fatal: !request.input.templateTsx.includes("syntax") };
      return parentPort.postMessage({ type: "failed", id: request.id, failure });
    }
    parentPort.postMessage({ type: "rendered", id: request.id, email: { html: threadId + "|" + request.forgetProject, text: "" } });
  });
}`;

const dirs: string[] = [];

export function removeFakeRenderers(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function fakeRenderer(mode: string, options: EmailRendererOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-email-pool-"));
  dirs.push(dir);
  writeFileSync(join(dir, "runtime.js"), mode);
  writeFileSync(join(dir, "sandbox-worker.mjs"), FAKE_WORKER);
  return createEmailRenderer({ runtimeDir: dir, ...options });
}

export const job = (projectId: string, templateTsx = "ok", lane?: RenderLane) => ({ projectId, themeTsx: "", templateTsx, ...(lane && { lane }) });

export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => expect.unreachable("the render should have failed"), (error: unknown) => error);
}
