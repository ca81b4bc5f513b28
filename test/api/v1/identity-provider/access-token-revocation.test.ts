/**
 * Access tokens issued to relying parties are JWTs that stay valid until they expire, but introspection
 * (RFC 7662) and userinfo ask the database whether what issued them still stands (issue 40): a revoked
 * grant (replayed code, reused refresh token, RFC 7009 revocation), a withdrawn consent, a deleted client
 * or user all make the token inactive, while another grant of the same user and client stays active.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { authorize, base, pkce, redirectUri, setUp, token, type FlowSetup } from "./flow.js";

async function introspect(lk: TestInstance, project: ProjectCredentials, accessToken: string): Promise<boolean> {
  const res = await lk.app.request(`${base(project)}/oauth2/introspect`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-stack-project-id": project.id, "x-stack-secret-server-key": project.keys.secretServerKey },
    body: new URLSearchParams({ token: accessToken }).toString(),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { active: boolean };
  return body.active;
}

async function userinfoStatus(lk: TestInstance, project: ProjectCredentials, accessToken: string): Promise<number> {
  const res = await lk.app.request(`${base(project)}/oauth2/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  return res.status;
}

/** Runs the code flow once more for the same user and client: a grant of its own. */
async function grant(lk: TestInstance, setup: FlowSetup) {
  const { verifier, challenge } = pkce();
  const code = await authorize(lk, setup, challenge);
  const tokens = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
  expect(tokens.status).toBe(200);
  return { code, verifier, access: tokens.body.access_token as string, refresh: tokens.body.refresh_token as string };
}

async function expectActive(lk: TestInstance, project: ProjectCredentials, accessToken: string, active: boolean) {
  expect(await introspect(lk, project, accessToken), "introspection").toBe(active);
  expect(await userinfoStatus(lk, project, accessToken), "userinfo").toBe(active ? 200 : 401);
}

describe.each(testDialects)("access tokens of revoked grants on %s", (dialect) => {
  it("are inactive after a replayed code, a reused refresh token or RFC 7009 revocation; other grants are not", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);

    const replayed = await grant(lk, setup);
    const reused = await grant(lk, setup);
    const revoked = await grant(lk, setup);
    const untouched = await grant(lk, setup);
    for (const g of [replayed, reused, revoked, untouched]) await expectActive(lk, setup.project, g.access, true);

    const replay = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code: replayed.code, redirect_uri: redirectUri, code_verifier: replayed.verifier });
    expect(replay.body.error).toBe("invalid_grant");
    await expectActive(lk, setup.project, replayed.access, false);

    const rotated = await token(lk, setup.project, setup.client, { grant_type: "refresh_token", refresh_token: reused.refresh });
    expect(rotated.status).toBe(200);
    await expectActive(lk, setup.project, rotated.body.access_token, true);
    const again = await token(lk, setup.project, setup.client, { grant_type: "refresh_token", refresh_token: reused.refresh });
    expect(again.body.error).toBe("invalid_grant");
    await expectActive(lk, setup.project, reused.access, false);
    await expectActive(lk, setup.project, rotated.body.access_token, false);

    const revocation = await lk.app.request(`${base(setup.project)}/oauth2/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${setup.client.id}:${setup.client.secret}`).toString("base64")}` },
      body: new URLSearchParams({ token: revoked.refresh }).toString(),
    });
    expect(revocation.status).toBe(200);
    await expectActive(lk, setup.project, revoked.access, false);

    await expectActive(lk, setup.project, untouched.access, true);
  });

  it("are inactive once the user withdraws consent, and stay so after consenting again", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const before = await grant(lk, setup);
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project: setup.project, body: { user_id: setup.userId } });
    const withdrawn = await lk.call("DELETE", `/users/me/authorized-apps/${setup.client.id}`, { access: "client", project: setup.project, headers: { "x-stack-access-token": session.body.access_token } });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    await expectActive(lk, setup.project, before.access, false);

    const after = await grant(lk, setup);
    await expectActive(lk, setup.project, after.access, true);
    await expectActive(lk, setup.project, before.access, false);
  });

  it("are inactive once their client or user is deleted, machine tokens included", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const ofDeletedUser = await grant(lk, setup);
    const deletedUser = await lk.call("DELETE", `/users/${setup.userId}`, { access: "server", project: setup.project });
    expect(deletedUser.status).toBe(200);
    expect(await introspect(lk, setup.project, ofDeletedUser.access)).toBe(false);

    const machine = await lk.call("POST", "/internal/oauth-clients", { access: "admin", project: setup.project, body: { name: "Nightly job", type: "confidential", redirect_uris: [], allowed_scopes: [], grant_types: ["client_credentials"] } });
    expect(machine.status, machine.text).toBe(201);
    const machineClient = { id: machine.body.client_id as string, secret: machine.body.client_secret as string };
    const issued = await token(lk, setup.project, machineClient, { grant_type: "client_credentials" });
    expect(issued.status).toBe(200);
    expect(await introspect(lk, setup.project, issued.body.access_token)).toBe(true);
    const deleted = await lk.call("DELETE", `/internal/oauth-clients/${machineClient.id}`, { access: "admin", project: setup.project });
    expect(deleted.status).toBe(200);
    expect(await introspect(lk, setup.project, issued.body.access_token)).toBe(false);
  });
});
