/** The API reference page: every route of the served document, self-contained (no script, no CDN). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestInstance } from "../../support/instance.js";

describe("GET /api/v1/docs", () => {
  it("lists every route of the document with its errors, and loads nothing from elsewhere", async () => {
    await using lk = await createTestInstance("sqlite");
    const response = await lk.app.request("/api/v1/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/);
    const page = await response.text();
    const document = JSON.parse(readFileSync("openapi.json", "utf8")) as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ["get", "post", "put", "patch", "delete"]) {
        if (item[method]) expect(page).toContain(`id="${item[method].operationId}"`);
      }
      expect(page).toContain(`<span class="path">${path}</span>`);
    }
    const signIn = page.slice(page.indexOf('id="passwordSignIn"'), page.indexOf("</section>", page.indexOf('id="passwordSignIn"')));
    expect(signIn).toContain("<code>password</code> <span class=\"req\">required</span>");
    expect(signIn).toContain("<code>EMAIL_PASSWORD_MISMATCH</code>");
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)[a-z]/i);
  });

  it("shows one access level's document on request", async () => {
    await using lk = await createTestInstance("sqlite");
    const page = await (await lk.app.request("/api/v1/docs?level=client")).text();
    expect(page).toContain('id="passwordSignIn"');
    expect(page).not.toContain('id="createInternalApiKey"');
    expect(page).toContain('<a href="openapi.client.json">');
  });
});
