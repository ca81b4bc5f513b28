/**
 * The API reference at /api/v1/docs: an index of every route grouped by resource, under 200 KB, with a
 * search answered by the server; each resource's page in full with curl and JavaScript samples and
 * examples; self-contained (no script, no CDN).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestInstance } from "../../support/instance.js";

type Document = { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
const document = JSON.parse(readFileSync("openapi.json", "utf8")) as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((method) => ({ path, method, id: item[method]!.operationId, tag: item[method]!.tags[0]! })),
);

describe("GET /api/v1/docs", () => {
  it("opens on an index of every route, grouped by resource, under 200 KB, loading nothing from elsewhere", async () => {
    await using lk = await createTestInstance("sqlite");
    const response = await lk.app.request("/api/v1/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/);
    const page = await response.text();
    expect(Buffer.byteLength(page)).toBeLessThan(200_000);
    for (const op of operations) {
      expect(page).toContain(`href="?tag=${encodeURIComponent(op.tag)}#${op.id}"`);
      expect(page).toContain(`<span class="path">${op.path}</span>`);
    }
    expect(page).toContain(`${operations.length} routes in ${new Set(operations.map((o) => o.tag)).size} resources`);
    expect(page).toContain('<form method="get" role="search">');
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)[a-z]/i);
  });

  it("holds each resource's routes in full on its own page, with samples, examples and errors", async () => {
    await using lk = await createTestInstance("sqlite");
    const seen = new Set<string>();
    for (const tag of new Set(operations.map((o) => o.tag))) {
      const page = await (await lk.app.request(`/api/v1/docs?tag=${encodeURIComponent(tag)}`)).text();
      for (const op of operations.filter((o) => o.tag === tag)) if (page.includes(`id="${op.id}"`)) seen.add(op.id);
      expect(page).not.toMatch(/<script|<link|src=/i);
    }
    expect(operations.filter((op) => !seen.has(op.id))).toEqual([]);

    const password = await (await lk.app.request("/api/v1/docs?tag=Password")).text();
    const signIn = password.slice(password.indexOf('id="passwordSignIn"'), password.indexOf("</section>", password.indexOf('id="passwordSignIn"')));
    expect(signIn).toContain("<code>password</code> <span class=\"req\">required</span>");
    expect(signIn).toContain("<code>EMAIL_PASSWORD_MISMATCH</code>");
    expect(signIn).toContain("curl -X POST &quot;$LATCHKEY_URL/api/v1/auth/password/sign-in&quot;");
    expect(signIn).toContain("-H &quot;x-stack-project-id: $LATCHKEY_PROJECT_ID&quot;");
    expect(signIn).toMatch(/-d &#39;\{&quot;email&quot;:&quot;[^&]+&quot;,&quot;password&quot;:/);
    expect(signIn).toContain("await fetch(`${process.env.LATCHKEY_URL}/api/v1/auth/password/sign-in`");
    expect(signIn).toContain("<summary>Example answer</summary>");

    const users = await (await lk.app.request("/api/v1/docs?tag=Users")).text();
    const update = users.slice(users.indexOf('id="updateUser"'), users.indexOf("</section>", users.indexOf('id="updateUser"')));
    expect(update).toContain("curl -X PATCH &quot;$LATCHKEY_URL/api/v1/users/&lt;user_id&gt;&quot;");
    expect(update).toContain("-H &#39;x-stack-access-type: server&#39;");
    expect(update).toContain("x-stack-secret-server-key: $LATCHKEY_SECRET_SERVER_KEY");
  });

  it("searches the routes on the server, by words of their resource, path, id or summary", async () => {
    await using lk = await createTestInstance("sqlite");
    const page = await (await lk.app.request("/api/v1/docs?q=password+sign")).text();
    const expected = operations.filter((o) => ["password", "sign"].every((w) => `${o.tag} ${o.id} ${o.method} ${o.path}`.toLowerCase().includes(w)));
    expect(expected.length).toBeGreaterThan(0);
    for (const op of expected) expect(page).toContain(`#${op.id}"`);
    expect(page).not.toContain('#listUsers"');
    expect(page).toMatch(/\d+ of \d+ routes match “password sign”/);
    expect(page).toContain('value="password sign"');
    const hostile = await (await lk.app.request(`/api/v1/docs?q=${encodeURIComponent('"><script>x</script>')}`)).text();
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("0 of ");
  });

  it("shows one access level's document on request", async () => {
    await using lk = await createTestInstance("sqlite");
    const index = await (await lk.app.request("/api/v1/docs?level=client")).text();
    expect(index).toContain('#passwordSignIn"');
    expect(index).not.toContain('#createInternalApiKey"');
    expect(index).toContain('<a href="openapi.client.json">');
    expect(index).toContain('<input type="hidden" name="level" value="client">');
    const page = await (await lk.app.request("/api/v1/docs?level=client&tag=Password")).text();
    expect(page).toContain('id="passwordSignIn"');
  });
});
