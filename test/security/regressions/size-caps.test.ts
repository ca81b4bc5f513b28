/**
 * Issue 18, finding 7: clients could store ~2 MB per metadata field (20 such users made a 39 MB users
 * page). Each metadata field holds at most 100,000 characters of JSON, display names 256 characters and
 * permission descriptions 10,000; beyond, the request is refused with SCHEMA_ERROR.
 */
import { describe, expect, it } from "vitest";
import { METADATA_MAX_JSON_CHARS } from "../../../contract/fields.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse } from "../../support/instance.js";

/** A JSON value whose compact JSON is exactly `chars` characters: `{"s":"xxx…"}`. */
const jsonOf = (chars: number) => ({ s: "x".repeat(chars - '{"s":""}'.length) });

function expectSchemaError(res: ApiResponse, field: string) {
  expect([res.status, res.headers.get("x-stack-known-error")], res.text.slice(0, 300)).toEqual([400, "SCHEMA_ERROR"]);
  expect(res.text).toContain(field);
}

describe.each(testDialects)("size caps on %s", (dialect) => {
  it("refuses a metadata field over 100,000 characters of JSON from clients and servers, and takes one at the cap", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "ada@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { ...server, body: { user_id: user.body.id } });
    const me = { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token as string } };

    expect(JSON.stringify(jsonOf(METADATA_MAX_JSON_CHARS)).length).toBe(METADATA_MAX_JSON_CHARS);
    expectSchemaError(await lk.call("PATCH", "/users/me", { ...me, body: { client_metadata: jsonOf(METADATA_MAX_JSON_CHARS + 1) } }), "client_metadata");
    expectSchemaError(await lk.call("PATCH", "/users/me", { ...me, body: { client_metadata: "x".repeat(1_500_000) } }), "client_metadata");
    expectSchemaError(await lk.call("POST", "/users", { ...server, body: { server_metadata: jsonOf(METADATA_MAX_JSON_CHARS + 1) } }), "server_metadata");
    expectSchemaError(await lk.call("PATCH", `/users/${user.body.id}`, { ...server, body: { client_read_only_metadata: [jsonOf(METADATA_MAX_JSON_CHARS)] } }), "client_read_only_metadata");
    expectSchemaError(await lk.call("POST", "/teams", { ...server, body: { display_name: "T", client_metadata: jsonOf(METADATA_MAX_JSON_CHARS + 1) } }), "client_metadata");

    const atCap = await lk.call("PATCH", "/users/me", { ...me, body: { client_metadata: jsonOf(METADATA_MAX_JSON_CHARS) } });
    expect(atCap.status, atCap.text.slice(0, 300)).toBe(200);
    expect(atCap.body.client_metadata).toEqual(jsonOf(METADATA_MAX_JSON_CHARS));
  });

  it("refuses display names over 256 characters and permission descriptions over 10,000", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    expectSchemaError(await lk.call("POST", "/users", { ...server, body: { display_name: "x".repeat(257) } }), "display_name");
    expectSchemaError(await lk.call("POST", "/teams", { ...server, body: { display_name: "x".repeat(257) } }), "display_name");
    const admin = { access: "admin" as const, project };
    expectSchemaError(await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "big", description: "x".repeat(10_001) } }), "description");
    expect((await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "fits", description: "x".repeat(10_000) } })).status).toBe(201);
  });
});
