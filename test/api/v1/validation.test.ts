/**
 * Request validation over HTTP: strict bodies, params and queries answer one SCHEMA_ERROR naming every
 * problem (headers-and-auth.md §8), form bodies work where strings suffice, and nothing is changed.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type TestInstance } from "../../support/instance.js";

const createPath = "/internal/api-keys";
const createPrefix = "Request validation failed on POST /api/v1/internal/api-keys:\n";

const validCreateBody = (lk: TestInstance) => ({
  description: "ci",
  expires_at_millis: lk.clock.now().getTime() + 86_400_000,
  has_publishable_client_key: true,
  has_secret_server_key: false,
  has_super_secret_admin_key: false,
});

/** Asserts a SCHEMA_ERROR without a stack trace and returns its message. */
function schemaErrorMessage(res: ApiResponse): string {
  expect(res.status).toBe(400);
  expect(res.headers.get("x-stack-known-error")).toBe("SCHEMA_ERROR");
  expect(res.body.code).toBe("SCHEMA_ERROR");
  expect(res.body.error).toBe(res.body.details.message);
  expect(Object.keys(res.body.details)).toEqual(["message"]);
  expect(res.text).not.toContain("    at ");
  return res.body.details.message;
}

const listSets = async (lk: TestInstance) => (await lk.call("GET", createPath, { access: "admin" })).body.items;

describe.each(testDialects)("request validation on %s", (dialect) => {
  const invalidCreates: [string, (body: Record<string, unknown>) => Record<string, unknown>, string][] = [
    ["an unknown body field", (b) => ({ ...b, extra: 1 }), "  - body contains unknown properties: extra"],
    ["a wrong type", (b) => ({ ...b, has_secret_server_key: "yes" }), "  - body.has_secret_server_key must be a boolean"],
    ["a description over 1000 characters", (b) => ({ ...b, description: "d".repeat(1001) }), "  - body.description must be at most 1000 characters"],
    ["a missing required field", ({ expires_at_millis: _, ...b }) => b, "  - body.expires_at_millis is a required field"],
    ["a negative expiry", (b) => ({ ...b, expires_at_millis: -1 }), "  - body.expires_at_millis must be greater than or equal to 0"],
    ["no key kind at all", (b) => ({ ...b, has_publishable_client_key: false }), "  - body.has_publishable_client_key must ask for at least one key"],
  ];

  it.each(invalidCreates)("refuses a key-set creation with %s, naming the field, and creates nothing", async (_, change, line) => {
    await using lk = await createTestInstance(dialect);
    const before = await listSets(lk);
    const res = await lk.call("POST", createPath, { access: "admin", body: change(validCreateBody(lk)) });
    const message = schemaErrorMessage(res);
    expect(message.startsWith(createPrefix)).toBe(true);
    expect(message.split("\n")).toContain(line);
    expect(await listSets(lk)).toEqual(before);
  });

  it("accepts exactly 1000 characters of description", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("POST", createPath, { access: "admin", body: { ...validCreateBody(lk), description: "d".repeat(1000) } });
    expect(res.status).toBe(200);
    expect(res.body.description).toHaveLength(1000);
  });

  it("lists every problem of a request on its own line", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("POST", createPath, { access: "admin", body: { ...validCreateBody(lk), description: 5, extra: true } });
    expect(schemaErrorMessage(res)).toBe(`${createPrefix}  - body.description must be a string\n  - body contains unknown properties: extra`);
  });

  it("refuses a body that is not an object, and a missing body, where an object is required", async () => {
    await using lk = await createTestInstance(dialect);
    expect(schemaErrorMessage(await lk.call("POST", createPath, { access: "admin", body: [1] }))).toContain("  - body must be an object");
    expect(schemaErrorMessage(await lk.call("POST", createPath, { access: "admin" }))).toContain("  - body is a required field");
    expect(await listSets(lk)).toHaveLength(1);
  });

  it("refuses an unknown query parameter", async () => {
    await using lk = await createTestInstance(dialect);
    const message = schemaErrorMessage(await lk.call("GET", `${createPath}?foo=1`, { access: "admin" }));
    expect(message).toBe("Request validation failed on GET /api/v1/internal/api-keys:\n  - query contains unknown properties: foo");
    // A procedure that takes no input at all refuses one too.
    const onNoInput = schemaErrorMessage(await lk.call("GET", "/projects/current?foo=1", { access: "client" }));
    expect(onNoInput).toBe("Request validation failed on GET /api/v1/projects/current:\n  - query contains unknown properties: foo");
  });

  it("accepts a form-urlencoded body where strings suffice, and reports wrong types in one otherwise", async () => {
    await using lk = await createTestInstance(dialect);
    const [set] = await listSets(lk);
    const res = await lk.call("PATCH", `${createPath}/${set.id}`, { access: "admin", form: true, body: { description: "from a form" } });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("from a form");
    expect((await lk.call("GET", `${createPath}/${set.id}`, { access: "admin" })).body.description).toBe("from a form");

    const formCreate = { ...validCreateBody(lk), expires_at_millis: "1", has_publishable_client_key: "true", has_secret_server_key: "false", has_super_secret_admin_key: "false" };
    const refused = await lk.call("POST", createPath, { access: "admin", form: true, body: formCreate });
    expect(schemaErrorMessage(refused)).toContain("  - body.has_publishable_client_key must be a boolean");
  });

  it("accepts {} but refuses a non-empty body on a procedure without a body", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const refused = await lk.call("DELETE", "/internal/projects/current", { access: "admin", project, body: { cascade: true } });
    expect(schemaErrorMessage(refused)).toBe("Request validation failed on DELETE /api/v1/internal/projects/current:\n  - body contains unknown properties: cascade");
    expect((await lk.call("GET", "/projects/current", { access: "client", project })).status).toBe(200);

    const accepted = await lk.call("DELETE", "/internal/projects/current", { access: "admin", project, body: {} });
    expect([accepted.status, accepted.body]).toEqual([200, { success: true }]);
    expect((await lk.call("GET", "/projects/current", { access: "client", project })).body.code).toBe("CURRENT_PROJECT_NOT_FOUND");
  });

  it("checks the caller's access level before the body", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("POST", createPath, { access: "client", body: { extra: 1 } });
    expect(res.body.code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });

  it("never puts a stack trace in a SCHEMA_ERROR", async () => {
    await using lk = await createTestInstance(dialect);
    const responses = [
      await lk.call("GET", "/internal/api-keys/not-a-uuid", { access: "admin" }),
      await lk.call("PATCH", "/internal/projects/current", { access: "admin", body: { config: { email_config: { type: "standard" } } } }),
      await lk.call("PATCH", "/internal/config/override", { access: "admin", body: { config_override_string: "[1]" } }),
    ];
    for (const res of responses) schemaErrorMessage(res);
    // An override the config schema refuses is Stack's plain text (backend-fidelity P8), without a trace either.
    const refused = await lk.call("PATCH", "/internal/config/override", { access: "admin", body: { config_override_string: '{"nope": 1}' } });
    expect([refused.status, refused.text]).toEqual([400, '[ERROR] The key "nope" is not valid for the schema.']);
  });
});
