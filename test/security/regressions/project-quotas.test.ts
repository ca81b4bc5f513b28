/**
 * Issue 35, finding 10: anyone may sign up to the internal project and create projects, and nothing
 * bounded how many (40 were created in 0.5 s). Each dashboard user now creates at most
 * LATCHKEY_PROJECTS_PER_USER projects, each owner team owns at most LATCHKEY_PROJECTS_PER_TEAM, and
 * one user creates at most 10 a minute.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

async function signUpOwner(lk: TestInstance, email: string) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email, password: "owner password", verification_callback_url: "http://localhost:8102/handler/email-verification" } });
  expect(signUp.status).toBe(200);
  const token = signUp.body.access_token as string;
  const me = await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": token } });
  return { token, teamId: me.body.selected_team_id as string };
}

const create = (lk: TestInstance, owner: { token: string }, teamId: string, name = "Shop") =>
  lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": owner.token }, body: { display_name: name, owner_team_id: teamId } });

describe.each(testDialects)("project quotas on %s", (dialect) => {
  it("refuses a project past the owner team's quota and past the user's, whichever team they pick", async () => {
    await using lk = await createTestInstance(dialect, { projectQuotas: { perUser: 3, perTeam: 2 } });
    const owner = await signUpOwner(lk, "owner@example.com");
    const team = await lk.call("POST", "/teams", { access: "client", headers: { "x-stack-access-token": owner.token }, body: { display_name: "Second", creator_user_id: "me" } });
    expect(team.status, team.text).toBe(201);

    expect((await create(lk, owner, owner.teamId)).status).toBe(201);
    expect((await create(lk, owner, owner.teamId)).status).toBe(201);
    expectStatusError(await create(lk, owner, owner.teamId), 403, "projectQuotaPerTeam", { limit: 2 });

    // Another team of the same user: the team has room, the user has one more.
    expect((await create(lk, owner, team.body.id)).status).toBe(201);
    expectStatusError(await create(lk, owner, team.body.id), 403, "projectQuotaPerUser", { limit: 3 });
    expect((await lk.call("GET", "/internal/projects", { access: "client", headers: { "x-stack-access-token": owner.token } })).body.items).toHaveLength(3);

    // Another user has their own quota.
    const other = await signUpOwner(lk, "other@example.com");
    expect((await create(lk, other, other.teamId)).status).toBe(201);
  }, 60_000);

  it("limits how fast one user creates projects", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await signUpOwner(lk, "owner@example.com");
    for (let i = 0; i < 10; i++) expect((await create(lk, owner, owner.teamId, `P${i}`)).status).toBe(201);
    const tooFast = await create(lk, owner, owner.teamId);
    expect(tooFast.status).toBe(429);
    expect(tooFast.text).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    lk.clock.advance(60_000);
    expect((await create(lk, owner, owner.teamId)).status).toBe(201);
  }, 60_000);
});
