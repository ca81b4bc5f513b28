import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnownError } from "../../../errors.js";
import { createEmailRenderer, type EmailRenderer } from "./index.js";
import { plainTheme, templateRunning, welcomeInput, welcomeTemplate } from "./test-templates.js";

// Every hostile template must end in EMAIL_RENDERING_ERROR, for the reason its message names (the
// 1000 ms deadline, the stack or the memory limit), and a good template must render right after it.
// No wall-clock upper bound: a loaded machine may answer late without a bug; the reason in the message
// says which limit stopped the render, and the test's timeout catches a render that never ends.
const DEADLINE_MS = 1000;
let renderer: EmailRenderer;

beforeAll(async () => {
  renderer = createEmailRenderer({ poolSize: 2, timeoutMs: DEADLINE_MS });
  await renderer.whenReady();
});

afterAll(() => renderer.close());

async function expectRenderingError(templateTsx: string): Promise<{ message: string; ms: number }> {
  const started = performance.now();
  const error = await renderer.render({ projectId: "hostile", themeTsx: plainTheme, templateTsx }).then(
    () => expect.unreachable("the hostile template rendered"),
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(KnownError);
  expect((error as KnownError).code).toBe("EMAIL_RENDERING_ERROR");
  const good = await renderer.render({ projectId: "hostile", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput });
  expect(good.subject).toBe("Welcome to Acme");
  return { message: (error as KnownError<"EMAIL_RENDERING_ERROR">).details.error, ms };
}

describe("hostile templates", () => {
  it("stops an endless loop at the deadline", async () => {
    const { message, ms } = await expectRenderingError(templateRunning("while (true) {}"));
    expect(message).toBe(`Rendering timed out after ${DEADLINE_MS} ms`);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
  });

  it("stops an endless chain of promise jobs at the deadline", async () => {
    const { message } = await expectRenderingError(templateRunning("const spin = (): unknown => Promise.resolve().then(spin); spin();"));
    expect(message).toBe(`Rendering timed out after ${DEADLINE_MS} ms`);
  });

  it("stops deep recursion at the stack limit", async () => {
    const { message } = await expectRenderingError(templateRunning("const dive = (n: number): number => dive(n + 1) + 1; dive(0);"));
    expect(message).toBe("Rendering exceeded the stack size limit (too much recursion)");
  });

  it("stops a 1 GB allocation at the memory limit", async () => {
    const { message } = await expectRenderingError(templateRunning("new Uint8Array(1e9);"));
    expect(message).toBe("Rendering exceeded the memory limit of 32 MB");
    // Filled element by element, the array reaches the limit within the deadline on an idle machine.
    const filled = await expectRenderingError(templateRunning("new Array(1e9).fill(1);"));
    expect(filled.message).toMatch(/^Rendering (exceeded the memory limit of 32 MB|timed out after 1000 ms)$/);
  });

  it("refuses a 50 MB string", async () => {
    const { message } = await expectRenderingError(templateRunning(`const big = "x".repeat(50 * 1024 * 1024); return <p>{big}</p>;`));
    expect(message).toBe("Rendering exceeded the memory limit of 32 MB");
  });

  it("stops string doubling", async () => {
    const { message } = await expectRenderingError(templateRunning(`let s = "x"; for (;;) s = s + s + "y";`));
    expect(message).toMatch(/memory limit|string too long/);
  });

  // Four refused renders, each followed by a fresh sandbox context (seconds each on a loaded 2-core machine).
  it("has no process, fetch or Node require", { timeout: 90_000 }, async () => {
    expect((await expectRenderingError(templateRunning("(process as any).env.SECRET;"))).message).toMatch(/^ReferenceError: 'process' is not defined/);
    expect((await expectRenderingError(templateRunning(`(globalThis as any).fetch("https://example.com");`))).message).toMatch(/^TypeError: not a function/);
    expect((await expectRenderingError(templateRunning(`require("fs").readFileSync("/etc/passwd");`))).message).toMatch(/^import of 'fs' is not allowed/);
    expect((await expectRenderingError(templateRunning("", `import * as fs from "node:fs";`))).message).toMatch(/^import of 'node:fs' is not allowed/);
  });
});

describe("isolation between renders", () => {
  it("leaves nothing from project A's render for project B's in the same context", async () => {
    const single = createEmailRenderer({ poolSize: 1, timeoutMs: 5000 });
    try {
      const stash = templateRunning(`
  const blocked: string[] = [];
  const attempt = (name: string, write: () => void) => { try { write(); } catch { blocked.push(name); } };
  attempt("global", () => { (globalThis as any).stash = "secret-A"; });
  attempt("prototype", () => { (Object.prototype as any).stash = "secret-A"; });
  attempt("array", () => { Array.prototype.map = function () { return ["secret-A"]; } as any; });
  attempt("react", () => { (React as any).stash = "secret-A"; });
  attempt("component", () => { (Heading as any).stash = "secret-A"; });
  attempt("require", () => { (require as any).stash = "secret-A"; });
  attempt("json", () => { (JSON as any).parse = () => ({ stash: "secret-A" }); });
  setTimeout(() => { try { (globalThis as any).late = "secret-A"; } catch {} }, 0);
  return <p>blocked:{blocked.join(",")}</p>;`, `import * as React from "react"; import { Heading } from "@react-email/components";`);
      const a = await single.render({ projectId: "A", themeTsx: plainTheme, templateTsx: stash });
      expect(a.text).toBe("blocked:global,prototype,array,react,component,require,json");

      const look = templateRunning(`
  const found = [(globalThis as any).stash, (globalThis as any).late, ({} as any).stash, [1].map((x) => x)[0],
    (React as any).stash, (Heading as any).stash, (require as any).stash, JSON.parse("{}").stash];
  return <p>found:{JSON.stringify(found)}</p>;`, `import * as React from "react"; import { Heading } from "@react-email/components";`);
      const b = await single.render({ projectId: "B", themeTsx: plainTheme, templateTsx: look });
      expect(b.html).not.toContain("secret-A");
      expect(b.text).toBe("found:[null,null,null,1,null,null,null,null]");
      expect(single.stats().retired).toBe(0);
    } finally {
      await single.close();
    }
  });

  it("keeps the main thread's event loop running while a template spins", async () => {
    // Counted in turns of the loop, not in milliseconds: a template spinning on the main thread would
    // let no timer run until the deadline stopped it, however fast or loaded the machine.
    let turns = 0;
    let spinning = true;
    const turn = (): void => {
      if (!spinning) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const spun = await renderer.render({ projectId: "hostile", themeTsx: plainTheme, templateTsx: templateRunning("while (true) {}") }).then(
      () => expect.unreachable("the hostile template rendered"),
      (e: unknown) => e as KnownError<"EMAIL_RENDERING_ERROR">,
    );
    spinning = false;
    expect(spun.details.error).toBe(`Rendering timed out after ${DEADLINE_MS} ms`);
    expect(turns).toBeGreaterThan(100);
  });
});
