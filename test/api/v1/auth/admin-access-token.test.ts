/**
 * Admin access tokens (x-stack-admin-access-token): an internal-project user's access token standing in
 * for a project's keys. Each way of getting it wrong has its own 401 (ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN is
 * covered in test/api/v1/internal/owned-projects.test.ts).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type TestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

/** An internal-project user owning a new project: their access token and the project's id. */
async function ownerWithProject(lk: TestInstance) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", {
    access: "client",
    body: { email: "owner@example.com", password: "owner password", verification_callback_url: "http://localhost:8102/handler/email-verification" },
  });
  expect(signUp.status).toBe(200);
  const token = signUp.body.access_token as string;
  const me = await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": token } });
  const project = await lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": token }, body: { display_name: "Shop", owner_team_id: me.body.selected_team_id } });
  expect(project.status).toBe(201);
  return { token, projectId: project.body.id as string };
}

/** GET /internal/projects/current as admin of `projectId`, with an admin access token and no keys. */
function asAdmin(lk: TestInstance, projectId: string, adminToken: string): Promise<ApiResponse> {
  return lk.call("GET", "/internal/projects/current", {
    headers: { "x-stack-access-type": "admin", "x-stack-project-id": projectId, "x-stack-admin-access-token": adminToken },
  });
}

describe.each(testDialects)("admin access tokens on %s", (dialect) => {
  it("refuses a token that is not a JWT, or whose signature does not verify, with 401 UNPARSABLE_ADMIN_ACCESS_TOKEN", async () => {
    await using lk = await createTestInstance(dialect);
    const { token, projectId } = await ownerWithProject(lk);
    expect((await asAdmin(lk, projectId, token)).status).toBe(200);

    expectKnownError(await asAdmin(lk, projectId, "not-a-jwt"), 401, "UNPARSABLE_ADMIN_ACCESS_TOKEN");
    const [header, payload, signature] = token.split(".");
    const forged = `${header}.${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    expectKnownError(await asAdmin(lk, projectId, forged), 401, "UNPARSABLE_ADMIN_ACCESS_TOKEN");
  });

  it("refuses an expired token with 401 ADMIN_ACCESS_TOKEN_EXPIRED and a null expiry", async () => {
    await using lk = await createTestInstance(dialect);
    const { token, projectId } = await ownerWithProject(lk);
    expect((await asAdmin(lk, projectId, token)).status).toBe(200);

    lk.clock.advance(lk.deps.config.accessTokenLifetimeMs);
    expectKnownError(await asAdmin(lk, projectId, token), 401, "ADMIN_ACCESS_TOKEN_EXPIRED", { expired_at_millis: null });
  });

  it("refuses a token issued by another project than internal with 401 INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const ownToken = session.body.access_token as string;
    // The token is good for its own project as a user token.
    expect((await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": ownToken } })).body.id).toBe(user.body.id);

    expectKnownError(await asAdmin(lk, project.id, ownToken), 401, "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN");
  });
});
