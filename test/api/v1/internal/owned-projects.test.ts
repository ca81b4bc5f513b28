import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";

/** Signs up a user of the internal project (a dashboard user) and returns their tokens and personal team. */
async function signUpOwner(lk: TestInstance, email: string) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email, password: "owner password", verification_callback_url: "http://localhost:8102/handler/email-verification" } });
  expect(signUp.status).toBe(200);
  const me = await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": signUp.body.access_token } });
  return { token: signUp.body.access_token as string, teamId: me.body.selected_team_id as string };
}

const ownerHeaders = (projectId: string, token: string) => ({
  "x-stack-access-type": "admin",
  "x-stack-project-id": projectId,
  "x-stack-admin-access-token": token,
  "x-stack-secret-server-key": "",
  "x-stack-super-secret-admin-key": "",
});

describe.each(testDialects)("owned projects on %s", (dialect) => {
  it("lets an internal user create and list projects, and manage them with their access token", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await signUpOwner(lk, "owner@example.com");
    expect(owner.teamId).toMatch(/^[0-9a-f-]{36}$/);

    const created = await lk.call("POST", "/internal/projects", {
      access: "client",
      headers: { "x-stack-access-token": owner.token },
      body: { display_name: "Shop", owner_team_id: owner.teamId, config: { magic_link_enabled: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ display_name: "Shop", owner_team_id: owner.teamId, config: { credential_enabled: true, magic_link_enabled: true, allow_localhost: true } });
    expect(created.body.config.team_creator_default_permissions).toEqual([{ id: "team_admin" }]);

    const listed = await lk.call("GET", "/internal/projects", { access: "client", headers: { "x-stack-access-token": owner.token } });
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([created.body.id]);

    const asOwner = await lk.app.request("/api/v1/internal/projects/current", { headers: ownerHeaders(created.body.id, owner.token) });
    expect(asOwner.status).toBe(200);
    expect(((await asOwner.json()) as { id: string }).id).toBe(created.body.id);
    const keys = await lk.app.request("/api/v1/internal/api-keys", {
      method: "POST",
      headers: { ...ownerHeaders(created.body.id, owner.token), "content-type": "application/json" },
      body: JSON.stringify({ description: "app", expires_at_millis: lk.clock.now().getTime() + 86_400_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false }),
    });
    expect(keys.status).toBe(200);
  });

  it("refuses other users' tokens, other teams, and projects other than internal", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await signUpOwner(lk, "owner@example.com");
    const stranger = await signUpOwner(lk, "stranger@example.com");
    const created = await lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": owner.token }, body: { display_name: "Shop", owner_team_id: owner.teamId } });

    const notMine = await lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": stranger.token }, body: { display_name: "Theft", owner_team_id: owner.teamId } });
    expect([notMine.status, notMine.body.code]).toEqual([404, "TEAM_MEMBERSHIP_NOT_FOUND"]);
    expect((await lk.call("GET", "/internal/projects", { access: "client", headers: { "x-stack-access-token": stranger.token } })).body.items).toEqual([]);

    const strangerAsAdmin = await lk.app.request("/api/v1/internal/projects/current", { headers: ownerHeaders(created.body.id, stranger.token) });
    expect(strangerAsAdmin.headers.get("x-stack-known-error")).toBe("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");

    const noUser = await lk.call("GET", "/internal/projects", { access: "client" });
    expect(noUser.body.code).toBe("USER_AUTHENTICATION_REQUIRED");
    const other = await lk.createProject();
    const wrongProject = await lk.call("GET", "/internal/projects", { access: "client", project: other });
    expect([wrongProject.status, wrongProject.body.code]).toEqual([401, "EXPECTED_INTERNAL_PROJECT"]);

    const badConfig = await lk.call("POST", "/internal/projects", {
      access: "client",
      headers: { "x-stack-access-token": owner.token },
      body: { display_name: "Broken", owner_team_id: owner.teamId, config: { email_theme: "00000000-0000-4000-8000-000000000000" } },
    });
    expect([badConfig.status, badConfig.text]).toEqual([400, "Invalid email theme"]);
    const afterFailure = await lk.call("GET", "/internal/projects", { access: "client", headers: { "x-stack-access-token": owner.token } });
    expect(afterFailure.body.items).toHaveLength(1);
  });
});
