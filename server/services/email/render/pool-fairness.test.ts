// Issue 35, finding 1: one tenant's renders must not stall other projects' mail. With stand-in workers, a
// "spin" template holds its worker until the pool terminates it at the deadline; each test checks the order
// in which renders end (never wall-clock time): the other project's mail is done while the flood still runs.
import { afterAll, describe, expect, it } from "vitest";
import { failure, fakeRenderer, job, removeFakeRenderers } from "./pool.test-support.js";

afterAll(removeFakeRenderers);

/** Records the order in which renders settle. */
function timeline() {
  const events: string[] = [];
  const track = (name: string, render: Promise<unknown>) =>
    render.then(
      () => void events.push(`${name} done`),
      () => void events.push(`${name} failed`),
    );
  return { events, track };
}

const options = { poolSize: 2, timeoutMs: 300, killGraceMs: 50 };

describe("SandboxPool fairness between projects", () => {
  it("serves another project's product mail while one project floods previews that hang", async () => {
    const renderer = fakeRenderer("echo", options);
    try {
      await renderer.whenReady();
      const { events, track } = timeline();
      const flood = Array.from({ length: 12 }, (_, i) => track(`flood ${i}`, renderer.render(job("attacker", "spin", "tenant"))));
      await track("sign-up mail", renderer.render(job("victim", "ok", "product")));
      expect(events).toEqual(["sign-up mail done"]);
      await renderer.close();
      await Promise.all(flood);
    } finally {
      await renderer.close();
    }
  });

  it("keeps a warm context for product mail while several projects' previews hang", async () => {
    const renderer = fakeRenderer("echo", options);
    try {
      await renderer.whenReady();
      const { events, track } = timeline();
      const flood = ["a", "b", "c"].flatMap((project) => Array.from({ length: 3 }, () => track(project, renderer.render(job(project, "spin", "tenant")))));
      await track("mail", renderer.render(job("victim", "ok", "product")));
      expect(events).toEqual(["mail done"]);
      expect(renderer.stats().busy).toBe(1);
      await renderer.close();
      await Promise.all(flood);
    } finally {
      await renderer.close();
    }
  });

  it("lets one project hold at most poolSize - 1 contexts, even for its own product mail", async () => {
    const renderer = fakeRenderer("echo", { ...options, poolSize: 3 });
    try {
      await renderer.whenReady();
      const { events, track } = timeline();
      const hanging = Array.from({ length: 4 }, () => track("hanging", renderer.render(job("attacker", "spin", "product"))));
      await track("mail", renderer.render(job("victim", "ok", "product")));
      expect(events).toEqual(["mail done"]);
      expect(renderer.stats().busy).toBe(2);
      await renderer.close();
      await Promise.all(hanging);
    } finally {
      await renderer.close();
    }
  });

  it("lets projects take turns in the tenant lane", async () => {
    const renderer = fakeRenderer("echo", options);
    try {
      await renderer.whenReady();
      const { events, track } = timeline();
      const renders = [
        ...Array.from({ length: 4 }, (_, i) => track(`big ${i}`, renderer.render(job("big", "ok", "tenant")))),
        track("small", renderer.render(job("small", "ok", "tenant"))),
      ];
      await Promise.all(renders);
      expect(events.indexOf("small done")).toBe(1);
    } finally {
      await renderer.close();
    }
  });

  it("remembers a project whose render overran its deadline", async () => {
    const renderer = fakeRenderer("echo", options);
    try {
      await renderer.whenReady();
      expect(renderer.overranRecently("slow", 60_000)).toBe(false);
      await failure(renderer.render(job("slow", "spin", "tenant")));
      expect(renderer.overranRecently("slow", 60_000)).toBe(true);
      expect(renderer.overranRecently("other", 60_000)).toBe(false);
    } finally {
      await renderer.close();
    }
  });
});
