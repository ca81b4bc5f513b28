/**
 * Stack's backend answers on the user endpoints (reference/wire/backend-fidelity.md §3): rows U1, U3,
 * U5, U6, U8, U9, U10 and U12. The rows we deviate from on purpose are in COMPATIBILITY.md.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const server = (lk: TestInstance, project: ProjectCredentials) => (method: string, path: string, body?: unknown) =>
  lk.call(method, path, { access: "server", project, body });

async function signedInClient(lk: TestInstance, project: ProjectCredentials) {
  const user = await server(lk, project)("POST", "/users", {});
  const session = await server(lk, project)("POST", "/auth/sessions", { user_id: user.body.id });
  const headers = { "x-stack-access-token": session.body.access_token as string };
  return (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "client", project, headers, body });
}

function expectText(res: { status: number; text: string; headers: Headers }, status: number, text: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.text]).toEqual([status, null, text]);
}

describe.each(testDialects)("user endpoints as Stack's backend answers them on %s", (dialect) => {
  it("U1: answers POST /users without the personal team, which later reads show", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.createPersonalTeamOnSignUp": true } });
    const created = await server(lk, project)("POST", "/users", { primary_email: "ada@example.com" });
    expect([created.status, created.body.selected_team, created.body.selected_team_id]).toEqual([201, null, null]);
    const read = await server(lk, project)("GET", `/users/${created.body.id}`);
    expect(read.body.selected_team).toMatchObject({ id: read.body.selected_team_id, display_name: "ada@example.com's Team" });
  });

  it("U3: refuses a bcrypt password_hash of cost 17 with Stack's text, and takes cost 16", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const salted = "abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234";
    const costly = await server(lk, project)("POST", "/users", { password_hash: `$2a$17$${salted}` });
    expectText(costly, 400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.");
    expect((await server(lk, project)("POST", "/users", { password_hash: `$2a$16$${salted}` })).status).toBe(201);
  });

  it("U5/U6: refuses contradictory create bodies with Stack's texts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const post = server(lk, project);
    const salted = "abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234";
    expectText(await post("POST", "/users", { password: "a good password", password_hash: `$2a$10$${salted}` }), 400,
      "Cannot set both password and password_hash at the same time.");
    expectText(await post("POST", "/users", { primary_email_auth_enabled: true }), 400, "primary_email_auth_enabled cannot be true without primary_email");
    expectText(await post("POST", "/users", { primary_email_verified: true }), 400, "primary_email_verified cannot be true without primary_email");
  });

  it("U8: accepts include_anonymous on a single-user read", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const anon = await server(lk, project)("POST", "/users", { is_anonymous: true });
    const read = await server(lk, project)("GET", `/users/${anon.body.id}?include_anonymous=true`);
    expect([read.status, read.body.is_anonymous]).toEqual([200, true]);
  });

  it("U9/U10: refuses a client's non-inline image with Stack's text, and a server's empty URL as SCHEMA_ERROR", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const client = await signedInClient(lk, project);
    for (const url of ["https://example.com/ada.png", "data:image/not-valid;base64,test"]) {
      expectText(await client("PATCH", "/users/me", { profile_image_url: url }), 400, "Invalid profile image URL");
    }
    const user = await server(lk, project)("POST", "/users", {});
    const empty = await server(lk, project)("PATCH", `/users/${user.body.id}`, { profile_image_url: "" });
    expect([empty.status, empty.body.code, empty.body.error]).toEqual([
      400, "SCHEMA_ERROR", `Request validation failed on PATCH /api/v1/users/${user.body.id}:\n  - body.profile_image_url is not a valid URL`,
    ]);
  });

  it("U12: refuses client deletion when it is off with Stack's text (no final period)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const client = await signedInClient(lk, project);
    expectText(await client("DELETE", "/users/me"), 400, "Client user deletion is not enabled for this project");
  });
});
