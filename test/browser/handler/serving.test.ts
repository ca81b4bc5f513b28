/**
 * How the server serves the hosted pages (server/http/pages.ts): the page with the project's id and
 * hosted-pages key in <meta> tags (computed, never stored), the strict content security policy, caching of hashed assets, the
 * `/` redirect, an unknown project, and the size of the sign-in page's JavaScript (under 150 KB gzipped).
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const SIGN_IN_JS_LIMIT = 150 * 1024;

describe.each(dialects)("hosted pages served by the server (%s)", (dialect) => {
  let server: HandlerServer;
  beforeAll(async () => {
    server = await startHandlerServer(dialect);
  }, 240_000);
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });

  it("answers any handler path with the app's page, carrying the project and a working publishable key", async () => {
    const res = await get(`/handler/sign-in?project_id=${server.project.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store, max-age=0");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).toContain(`<meta name="latchkey-project-id" content="${server.project.id}">`);
    const key = /name="latchkey-publishable-client-key" content="([^"]+)"/.exec(html)?.[1];
    expect(key).toMatch(/^pck_/);
    // The key is a real publishable key of the project, and the same on the next load.
    const project = await fetch(`${server.url}/api/v1/projects/current`, {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": server.project.id, "x-stack-publishable-client-key": key! },
    });
    expect(project.status).toBe(200);
    const again = await (await get(`/handler/account-settings?project_id=${server.project.id}`)).text();
    expect(again).toContain(key);
    // Deep paths fall back to the page too; the internal project is the default.
    const internal = await (await get("/handler/some/unknown/page")).text();
    expect(internal).toContain('<meta name="latchkey-project-id" content="internal">');
  });

  it("creates no key set in the project: the hosted pages' key is computed, never stored (issue 35, finding 11)", async () => {
    await get(`/handler/sign-in?project_id=${server.project.id}`);
    const sets = await server.asAdmin("GET", "/internal/api-keys");
    expect(sets.status, sets.text).toBe(200);
    expect((sets.body.items as { description: string }[]).filter((s) => s.description === "Hosted pages (managed by Latchkey)")).toEqual([]);
  });

  it("marks an unknown project, and refuses odd project ids", async () => {
    const html = await (await get("/handler/sign-in?project_id=00000000-0000-4000-8000-000000000000")).text();
    expect(html).toContain('<meta name="latchkey-project-missing" content="true">');
    expect(html).not.toContain("latchkey-publishable-client-key");
    const odd = await (await get(`/handler/sign-in?project_id=${encodeURIComponent('"><script>')}`)).text();
    expect(odd).toContain('<meta name="latchkey-project-missing" content="true">');
    expect(odd).not.toContain('"><script>');
  });

  it("caches hashed assets for a year, gzips them, and answers 404 for missing ones and traversal", async () => {
    const html = await (await get("/handler/sign-in")).text();
    const script = /<script[^>]*src="([^"]+)"/.exec(html)![1]!;
    expect(script).toMatch(/^\/handler\/assets\//);
    const res = await get(script, { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect((await get("/handler/assets/nothing-here.js")).status).toBe(404);
    for (const sneaky of ["/handler/..%2f..%2fpackage.json", "/handler/assets/..%2f..%2f..%2fpackage.json", "/handler/%2e%2e/%2e%2e/package.json"]) {
      const answer = await get(sneaky);
      expect(await answer.text()).not.toContain('"name": "latchkey"');
    }
  });

  it("redirects / to the dashboard", async () => {
    const res = await get("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
  });

  it("keeps the sign-in page's JavaScript under 150 KB gzipped", async () => {
    const html = await (await get("/handler/sign-in")).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    let total = 0;
    for (const src of new Set(scripts)) total += gzipSync(Buffer.from(await (await get(src)).arrayBuffer())).length;
    expect(total).toBeGreaterThan(10_000);
    expect(total).toBeLessThan(SIGN_IN_JS_LIMIT);
  });
});
