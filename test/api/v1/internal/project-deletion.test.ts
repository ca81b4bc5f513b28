/**
 * Deleting a project removes every row of it in every table (issue 22 part 5; issue 28's bug: a project
 * with users, teams and permissions failed to delete with an e-mail conflict). The test builds a project
 * rich in data (the isolation matrix's victim, plus a vault entry, an OAuth link and audit rows), deletes
 * it through the API, then walks every table of the store.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { allFeatures, createVictim, type Victim } from "../../../security/support/tenants.js";

/** Every row, table by table, that has the project's id or names one of its users or teams in an id column. */
async function rowsOf(lk: TestInstance, projectId: string, ids: Set<string>): Promise<Record<string, unknown[]>> {
  const { db, t } = lk.deps.store;
  const found: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(t)) {
    const rows = (await (db as any).select().from(table)) as Record<string, unknown>[];
    const hits = rows.filter((row) =>
      Object.entries(row).some(([column, value]) => (column === "projectId" && value === projectId) || (/Id$|^id$/.test(column) && typeof value === "string" && ids.has(value))),
    );
    if (hits.length > 0) found[name] = hits;
  }
  return found;
}

async function richProject(lk: TestInstance): Promise<{ victim: Victim; ids: Set<string> }> {
  const victim = await createVictim(lk);
  const { project } = victim;
  const admin = { access: "admin" as const, project };
  const server = { access: "server" as const, project };
  const override = await lk.call("PATCH", "/internal/config/override", {
    ...admin,
    body: { config_override_string: JSON.stringify({ ...allFeatures, "dataVault.stores.secrets": { displayName: "Secrets" }, "auth.oauth.providers.github": { type: "github", isShared: true, allowSignIn: true, allowConnectedAccounts: true } }) },
  });
  expect(override.status, override.text).toBe(200);
  const vault = await lk.call("POST", "/data-vault/stores/secrets/set", { ...server, body: { hashed_key: "h1", encrypted_value: "v1" } });
  expect(vault.status, vault.text).toBe(200);
  const link = await lk.call("POST", "/oauth-providers", {
    ...server,
    body: { user_id: victim.user1.id, provider_config_id: "github", account_id: "gh-1", email: "gh@victim.test", allow_sign_in: true, allow_connected_accounts: true },
  });
  expect(link.status, link.text).toBe(201);
  // A stored profile image (a 2×2 PNG as a data URL); the victim's AI chat thread comes with createVictim.
  const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==";
  const image = await lk.call("PATCH", `/users/${victim.user2.id}`, { ...server, body: { profile_image_url: png } });
  expect(image.status, image.text).toBe(200);
  const ids = new Set([victim.user1.id, victim.user2.id, victim.user3.id, victim.member.id, victim.team1.id]);
  return { victim, ids };
}

describe.each(testDialects)("project deletion on %s", (dialect) => {
  it("removes every row of the project, and every row naming its users or teams, from every table", async () => {
    await using lk = await createTestInstance(dialect);
    const { victim, ids } = await richProject(lk);
    const before = await rowsOf(lk, victim.project.id, ids);
    const seeded = [
      "users", "contactChannels", "passkeys", "userActivityDays", "teams", "teamMembers", "teamPermissions", "projectPermissions", "sessions", "verificationCodes",
      "cliLogins", "apiKeys", "apiKeySets", "itemQuantityChanges", "oauthAccounts", "outbox", "webhookEndpoints", "auditLog", "dataVaultEntries",
      "aiChatMessages", "aiChatThreads", "profileImages",
    ];
    expect(seeded.filter((table) => !before[table]?.length)).toEqual([]);

    const res = await lk.call("DELETE", "/internal/projects/current", { access: "admin", project: victim.project });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(await rowsOf(lk, victim.project.id, ids)).toEqual({});
    // The owner's own project and data are untouched.
    expect((await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": victim.owner.accessToken } })).status).toBe(200);
  });

  it("deletes a project whose users share e-mails with the owner, with teams and permissions (issue 28)", async () => {
    await using lk = await createTestInstance(dialect);
    const email = "owner@example.test";
    const password = "correct horse battery";
    const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email, password, verification_callback_url: "http://localhost:3000/v" } });
    expect(signUp.status, signUp.text).toBe(200);
    const token = { "x-stack-access-token": signUp.body.access_token };
    const me = await lk.call("GET", "/users/me", { access: "client", headers: token });
    const created = await lk.call("POST", "/internal/projects", { access: "client", headers: token, body: { display_name: "Owned", owner_team_id: me.body.selected_team_id } });
    expect(created.status, created.text).toBe(201);
    const owned = { "x-stack-access-type": "admin", "x-stack-project-id": created.body.id, "x-stack-admin-access-token": signUp.body.access_token };
    const user = await lk.call("POST", "/users", { headers: owned, body: { primary_email: email, primary_email_auth_enabled: true, password } });
    expect(user.status, user.text).toBe(201);
    const team = await lk.call("POST", "/teams", { headers: owned, body: { display_name: "Team", creator_user_id: user.body.id } });
    expect(team.status, team.text).toBe(201);
    expect((await lk.call("POST", "/project-permission-definitions", { headers: owned, body: { id: "reader" } })).status).toBe(201);
    expect((await lk.call("POST", `/project-permissions/${user.body.id}/reader`, { headers: owned })).status).toBe(201);

    const res = await lk.call("DELETE", "/internal/projects/current", { headers: owned });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(await rowsOf(lk, created.body.id, new Set([user.body.id, team.body.id]))).toEqual({});
    const after = await lk.call("GET", "/users/me", { access: "client", headers: token });
    expect([after.status, after.body.primary_email]).toEqual([200, email]);
  });
});
