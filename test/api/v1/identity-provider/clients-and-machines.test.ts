/**
 * The identity provider's clients beyond the code flow (issue 40): admin changes and secret rotation
 * recorded as events (never the secret), the admin and user errors by name, dynamic registration when
 * turned off and past its rate limit, client_credentials tokens that carry no user (userinfo refuses
 * them, introspection shows the client as subject), and the per-client metrics.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";
import { REGISTRATION_LIMIT } from "../../../../server/identity-provider/protocol-routes.js";
import { base, setUp, token } from "./flow.js";

const admin = (lk: TestInstance, project: ProjectCredentials, method: string, path: string, body?: unknown) => lk.call(method, path, { access: "admin", project, ...(body !== undefined && { body }) });

function register(lk: TestInstance, project: ProjectCredentials) {
  return lk.app.request(`${base(project)}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
    body: JSON.stringify({ client_name: "Agent", redirect_uris: ["http://localhost:7777/cb"], token_endpoint_auth_method: "none" }),
  });
}

describe.each(testDialects)("identity-provider clients and machine tokens on %s", (dialect) => {
  it("records client changes and secret rotations as events, without the secret, and names its errors", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const { project } = setup;
    const renamed = await admin(lk, project, "PATCH", `/internal/oauth-clients/${setup.client.id}`, { name: "Partner app 2" });
    expect([renamed.status, renamed.body.name]).toEqual([200, "Partner app 2"]);
    const rotated = await admin(lk, project, "POST", `/internal/oauth-clients/${setup.client.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const log = await admin(lk, project, "GET", "/internal/audit-log");
    const events = (log.body.items as { event: string; payload: Record<string, unknown> }[]).filter((e) => e.event.startsWith("oauth_client."));
    expect(events.map((e) => e.event)).toEqual(["oauth_client.secret_rotated", "oauth_client.updated", "oauth_client.created"]);
    expect(events[0]!.payload).toEqual({ client_id: setup.client.id, secret_last_four: (rotated.body.client_secret as string).slice(-4) });
    expect(events[1]!.payload).toMatchObject({ client_id: setup.client.id, name: "Partner app 2" });
    expect(JSON.stringify(log.body)).not.toContain(rotated.body.client_secret);
    // The old secret stopped working.
    const old = await token(lk, project, setup.client, { grant_type: "refresh_token", refresh_token: "x" });
    expect([old.status, old.body.error]).toEqual([401, "invalid_client"]);

    expectStatusError(await admin(lk, project, "GET", "/internal/oauth-clients/lkc_nobody"), 404, "oauthClientNotFound");
    expectStatusError(await admin(lk, project, "PATCH", `/internal/oauth-clients/${setup.client.id}`, { redirect_uris: ["http://rp.example.com/cb"] }), 400, "oauthClientInvalid", {
      reason: "http redirect URIs are allowed on localhost only",
    });
    const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "a fine password" } });
    const unknownApp = await lk.call("DELETE", `/users/me/authorized-apps/${setup.client.id}`, { access: "client", project, headers: { "x-stack-access-token": signIn.body.access_token } });
    expectStatusError(unknownApp, 404, "authorizedAppNotFound");
  });

  it("refuses dynamic registration when it is off and past its rate limit", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const off = await register(lk, project);
    expect([off.status, (await off.json()).error]).toEqual([403, "access_denied"]);
    const discoveryOff = await (await lk.app.request(`${base(project)}/.well-known/openid-configuration`)).json();
    expect(discoveryOff.registration_endpoint).toBeUndefined();

    expect((await admin(lk, project, "PATCH", "/internal/identity-provider/settings", { dynamic_registration_enabled: true })).status).toBe(200);
    for (let i = 0; i < REGISTRATION_LIMIT.max; i++) expect((await register(lk, project)).status).toBe(201);
    const limited = await register(lk, project);
    expect([limited.status, (await limited.json()).error]).toEqual([429, "temporarily_unavailable"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const listed = await admin(lk, project, "GET", "/internal/oauth-clients");
    expect(listed.body.items).toHaveLength(REGISTRATION_LIMIT.max);
    expect(listed.body.items[0]).toMatchObject({ registered_by: "dynamic_registration", type: "public" });
  });

  it("issues client_credentials tokens without a user: userinfo refuses them, introspection names the client as subject, metrics count them", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await admin(lk, project, "PATCH", "/internal/identity-provider/settings", { scopes: [{ scope: "reports:read", description: "Read reports", permission_id: "read_reports" }] });
    const created = await admin(lk, project, "POST", "/internal/oauth-clients", { name: "Nightly job", type: "confidential", redirect_uris: [], allowed_scopes: ["reports:read"], grant_types: ["client_credentials"] });
    expect(created.status, created.text).toBe(201);
    const client = { id: created.body.client_id as string, secret: created.body.client_secret as string };
    const asUser = await token(lk, project, client, { grant_type: "client_credentials", scope: "openid" });
    expect([asUser.status, asUser.body.error]).toEqual([400, "invalid_scope"]);
    const issued = await token(lk, project, client, { grant_type: "client_credentials", resource: "https://api.example.com/" });
    expect(issued.status).toBe(200);
    expect(issued.body.refresh_token).toBeUndefined();
    expect(issued.body.id_token).toBeUndefined();

    const info = await lk.app.request(`${base(project)}/oauth2/userinfo`, { headers: { authorization: `Bearer ${issued.body.access_token}` } });
    expect([info.status, (await info.json()).error]).toEqual([403, "insufficient_scope"]);
    const introspected = await lk.app.request(`${base(project)}/oauth2/introspect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-stack-project-id": project.id, "x-stack-secret-server-key": project.keys.secretServerKey },
      body: new URLSearchParams({ token: issued.body.access_token }).toString(),
    });
    expect(await introspected.json()).toMatchObject({ active: true, sub: client.id, client_id: client.id, aud: "https://api.example.com/", scope: "reports:read" });

    const metrics = await lk.deps.metrics.render();
    expect(metrics).toContain(`latchkey_oauth_tokens_issued_total{client_id="${client.id}",grant_type="client_credentials"} 1`);
    expect(metrics).toContain('latchkey_oauth_token_refusals_total{error="invalid_scope"} 1');
  });
});
