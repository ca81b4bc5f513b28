// The pool's scheduling and recovery, with stand-in workers (no QuickJS): each reads what to do from
// the "runtime" file it is given and answers the pool's protocol.
import { afterAll, describe, expect, it } from "vitest";
import { KnownError } from "../../../errors.js";
import { failure, fakeRenderer, job, removeFakeRenderers } from "./pool.test-support.js";

afterAll(removeFakeRenderers);

describe("SandboxPool", () => {
  it("keeps a project on its context and makes a context forget its last project before another", async () => {
    const renderer = fakeRenderer("echo", { poolSize: 2 });
    try {
      await renderer.whenReady();
      const where = async (projectId: string) => (await renderer.render(job(projectId))).html.split("|");
      const [a1] = await where("A");
      const [b1] = await where("B");
      expect(b1).not.toBe(a1);
      expect(await where("A")).toEqual([a1, "false"]);
      expect(await where("C")).toEqual([b1, "true"]);
      expect(await where("B")).toEqual([a1, "true"]);
    } finally {
      await renderer.close();
    }
  });

  it("replaces a context after maxRendersPerContext renders", async () => {
    const renderer = fakeRenderer("echo", { poolSize: 1, maxRendersPerContext: 2 });
    try {
      const threads = [];
      for (let i = 0; i < 3; i++) threads.push((await renderer.render(job("A"))).html.split("|")[0]);
      expect(threads[1]).toBe(threads[0]);
      expect(threads[2]).not.toBe(threads[0]);
      expect(renderer.stats().retired).toBe(1);
    } finally {
      await renderer.close();
    }
  });

  it("retires a context after a template's failure, but not after a compile error", async () => {
    const renderer = fakeRenderer("echo", { poolSize: 1 });
    try {
      const syntax = await failure(renderer.render(job("A", "fail:template.tsx: syntax error")));
      expect((syntax as KnownError).code).toBe("EMAIL_RENDERING_ERROR");
      expect(renderer.stats().retired).toBe(0);
      const thrown = await failure(renderer.render(job("A", "fail:TypeError: boom")));
      expect(thrown).toBeInstanceOf(KnownError);
      expect((thrown as KnownError).details).toEqual({ error: "TypeError: boom" });
      expect(renderer.stats().retired).toBe(1);
      expect((await renderer.render(job("A"))).html).toMatch(/\|false$/);
    } finally {
      await renderer.close();
    }
  });

  it("terminates a worker that does not answer after the deadline, and replaces it", async () => {
    const renderer = fakeRenderer("stuck", { poolSize: 1, timeoutMs: 200, killGraceMs: 100 });
    try {
      await renderer.whenReady();
      const started = performance.now();
      const error = await failure(renderer.render(job("A")));
      expect(performance.now() - started).toBeLessThan(1000);
      expect((error as KnownError).details).toEqual({ error: "Rendering timed out after 200 ms" });
      expect(renderer.stats().retired).toBe(1);
      await renderer.whenReady();
      expect(renderer.stats().ready).toBe(1);
    } finally {
      await renderer.close();
    }
  });

  it("answers EMAIL_RENDERING_ERROR when a worker dies during a render, and replaces it", async () => {
    const renderer = fakeRenderer("crash", { poolSize: 1 });
    try {
      const error = await failure(renderer.render(job("A")));
      expect((error as KnownError).details).toEqual({ error: "The sandbox stopped while rendering (exit code 3)" });
      await renderer.whenReady();
      expect(renderer.stats()).toMatchObject({ contexts: 1, ready: 1, retired: 1 });
    } finally {
      await renderer.close();
    }
  });

  it("fails renders with a server error when the sandbox cannot start", async () => {
    const renderer = fakeRenderer("fail-start", { poolSize: 1 });
    try {
      const error = await failure(renderer.render(job("A")));
      expect(error).not.toBeInstanceOf(KnownError);
      expect((error as Error).message).toBe("The e-mail sandbox failed to start: no wasm here");
    } finally {
      await renderer.close();
    }
  });

  it("rejects waiting and later renders once closed", async () => {
    const renderer = fakeRenderer("stuck", { poolSize: 1, timeoutMs: 5000 });
    await renderer.whenReady();
    const running = failure(renderer.render(job("A")));
    const waiting = failure(renderer.render(job("B")));
    await renderer.close();
    expect(((await running) as Error).message).toBe("The e-mail renderer is closed");
    expect(((await waiting) as Error).message).toBe("The e-mail renderer is closed");
    expect(((await failure(renderer.render(job("C")))) as Error).message).toBe("The e-mail renderer is closed");
  });
});
