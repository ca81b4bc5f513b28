/**
 * Stack's backend answers on every endpoint (reference/wire/backend-fidelity.md §1, rows G1–G7): the
 * SCHEMA_ERROR header names the path as requested, field paths use bracketed indices, no response header
 * Stack never sends, the API root's text, the feature-support probe's text.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";

describe.each(testDialects)("wire fidelity to Stack's backend on %s", (dialect) => {
  it("G1/G2: names the path as requested (ids and `me` as sent) in SCHEMA_ERROR, message and details.message alike", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: {} });
    const res = await lk.call("PATCH", `/users/${user.body.id}`, { access: "server", project, body: { display_name: 5 } });
    expect([res.status, res.body.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(res.body.error.split("\n")[0]).toBe(`Request validation failed on PATCH /api/v1/users/${user.body.id}:`);
    expect(res.body.error).toMatch(/\n {2}- body\.display_name /);
    expect(res.body.details.message).toBe(res.body.error);
  });

  it("G3: writes array indices in field paths in brackets", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("PATCH", "/internal/projects/current", {
      access: "admin",
      project,
      body: { config: { domains: [{ domain: "not a url", handler_path: "/handler" }] } },
    });
    expect([res.status, res.body.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(res.body.error).toContain("\n  - body.config.domains[0].domain ");
    expect(res.body.error).not.toContain(".0.");
  });

  it("G5: sends no Cross-Origin-Resource-Policy header (Stack sends none)", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("GET", "");
    expect(res.headers.get("cross-origin-resource-policy")).toBeNull();
  });

  it("G6: answers the API root with Stack's welcome line and `User: None` when keys name no user", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("GET", "", { access: "server", project });
    expect([res.status, res.text]).toEqual([
      200,
      `Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: Server\n  Project: ${project.id}\n  User: None`,
    ]);
  });

  it("G6: sends a person who opens the API root in a browser to our reference; any other caller gets Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    const browser = { "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const opened = await lk.app.request("/api/v1", { headers: browser });
    expect([opened.status, opened.headers.get("location")]).toEqual([302, "/api/v1/docs"]);
    // A script's fetch (mode cors), curl (no Sec-Fetch headers) and a navigation with a query keep Stack's answers.
    const fetched = await lk.app.request("/api/v1", { headers: { ...browser, "sec-fetch-mode": "cors" } });
    expect([fetched.status, await fetched.text()]).toEqual([200, expect.stringMatching(/^Welcome to the Stack API endpoint! Please refer to the documentation at https:\/\/docs\.stack-auth\.com\.\n\nAuthentication: None$/)]);
    expect((await lk.app.request("/api/v1", { headers: { accept: "text/html" } })).status).toBe(200);
    expect((await lk.app.request("/api/v1?x=1", { headers: browser })).status).toBe(400);
  });

  it("G7: answers the feature-support probe with Stack's text for feature_name", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("POST", "/check-feature-support", { body: { feature_name: "some-feature" } });
    expect([res.status, res.text]).toEqual([200, "some-feature is not yet supported. Please reach out to Stack support for more information."]);
  });

  it("tells clients it is Latchkey at GET /compatibility (Stack answers 404 there), listing deviations and extensions", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("GET", "/compatibility");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ server: "latchkey", stack_api_version: "v1", stack_reference_release: "2.8.39" });
    expect(res.body.deviations).toEqual(expect.arrayContaining(["A1", "D1"]));
    expect(res.body.extensions).toEqual(expect.arrayContaining(["audit-log", "webhooks-built-in"]));
    // COMPATIBILITY.md shows the answer; it must be the answer.
    const documented = /```json\n(\{[\s\S]*?\})\n```/.exec(readFileSync(new URL("../../../COMPATIBILITY.md", import.meta.url), "utf8"));
    expect(JSON.parse(documented![1]!)).toEqual(res.body);
  });
});
