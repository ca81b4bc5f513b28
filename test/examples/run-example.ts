import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const tsx = `${repoRoot}node_modules/.bin/tsx`;

/** Runs `examples/<name>/main.ts` as its README says (`npx tsx main.ts`), in its folder, to completion. */
export async function runExample(name: string, env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = startExample(name, env, args);
  return new Promise((resolve, reject) => {
    child.process.on("error", reject);
    child.process.on("exit", (code) => resolve({ code, output: child.output() }));
  });
}

/** Starts a long-running example (a server); stop it with `[Symbol.asyncDispose]`. */
export function startExample(name: string, env: Record<string, string>, args: string[] = []) {
  let output = "";
  const child: ChildProcess = spawn(tsx, ["main.ts", ...args], {
    cwd: `${repoRoot}examples/${name}`,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    /** Waits until the output matches `pattern` (or the process ends, or 30 s pass). */
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not print ${pattern}; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async [Symbol.asyncDispose]() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
