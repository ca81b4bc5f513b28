/**
 * The identity provider's protocol routes (`/api/v1/projects/{id}/oauth2/*`, the consent page) are not
 * contract procedures, so the isolation matrix does not reach them: this file is their matrix (issue 40).
 * The victim project has a client, a user who granted it access, and that grant's code, tokens and ID
 * token; the attacker owns another project with a confidential client and the project's keys. Every use of
 * the victim's credentials or artefacts at the attacker's project, and of the attacker's at the victim's,
 * is refused, and the victim's grant still works afterwards.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../support/instance.js";
import { authorize, authorizeUrl, base, pkce, redirectUri, setUp, token } from "../api/v1/identity-provider/flow.js";

function form(fields: Record<string, string>) {
  return { "content-type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
}

async function post(lk: TestInstance, project: ProjectCredentials, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { body, ...contentType } = form(fields);
  const res = await lk.app.request(`${base(project)}${path}`, { method: "POST", headers: { ...contentType, ...headers }, body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const basic = (client: { id: string; secret: string }) => ({ authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}` });
const serverKey = (project: ProjectCredentials, as: ProjectCredentials = project) => ({ "x-stack-project-id": as.id, "x-stack-secret-server-key": project.keys.secretServerKey });

describe.each(testDialects)("identity provider routes across projects on %s", (dialect) => {
  it("refuse the other project's clients, keys, codes and tokens, and leave the victim's grant working", { timeout: 90_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const victim = await setUp(lk);
    const attacker = await setUp(lk);

    // The victim's grant: a code redeemed for tokens, and a second code left unredeemed.
    const first = pkce();
    const code = await authorize(lk, victim, first.challenge);
    const tokens = await token(lk, victim.project, victim.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: first.verifier });
    expect(tokens.status).toBe(200);
    const second = pkce();
    const spareCode = await authorize(lk, victim, second.challenge);

    // Token endpoint: the victim's code and refresh token are unknown at the attacker's project, and each
    // project's client is unknown at the other.
    const codeElsewhere = await token(lk, attacker.project, attacker.client, { grant_type: "authorization_code", code: spareCode, redirect_uri: redirectUri, code_verifier: second.verifier });
    expect([codeElsewhere.status, codeElsewhere.body.error]).toEqual([400, "invalid_grant"]);
    const refreshElsewhere = await token(lk, attacker.project, attacker.client, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect([refreshElsewhere.status, refreshElsewhere.body.error]).toEqual([400, "invalid_grant"]);
    const victimClientAtAttacker = await token(lk, attacker.project, victim.client, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect([victimClientAtAttacker.status, victimClientAtAttacker.body.error]).toEqual([401, "invalid_client"]);
    const attackerClientAtVictim = await token(lk, victim.project, attacker.client, { grant_type: "authorization_code", code: spareCode, redirect_uri: redirectUri, code_verifier: second.verifier });
    expect([attackerClientAtVictim.status, attackerClientAtVictim.body.error]).toEqual([401, "invalid_client"]);

    // Userinfo and introspection: the victim's access token means nothing at the attacker's project, and
    // the attacker's server key (under either project id) does not open the victim's introspection.
    const userinfoElsewhere = await lk.app.request(`${base(attacker.project)}/oauth2/userinfo`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(userinfoElsewhere.status).toBe(401);
    const introspectedElsewhere = await post(lk, attacker.project, "/oauth2/introspect", { token: tokens.body.access_token }, serverKey(attacker.project));
    expect(introspectedElsewhere).toEqual({ status: 200, body: { active: false } });
    for (const headers of [serverKey(attacker.project), serverKey(attacker.project, victim.project), basic(attacker.client)]) {
      const refused = await post(lk, victim.project, "/oauth2/introspect", { token: tokens.body.access_token }, headers);
      expect([refused.status, refused.body.error]).toEqual([401, "invalid_client"]);
    }

    // Revocation: the attacker's client cannot revoke the victim's grant from either project.
    const revokeElsewhere = await post(lk, attacker.project, "/oauth2/revoke", { token: tokens.body.refresh_token }, basic(attacker.client));
    expect(revokeElsewhere.status).toBe(200);
    const revokeAtVictim = await post(lk, victim.project, "/oauth2/revoke", { token: tokens.body.refresh_token }, basic(attacker.client));
    expect([revokeAtVictim.status, revokeAtVictim.body.error]).toEqual([401, "invalid_client"]);

    // RP-initiated logout: the victim's ID token is no hint at the attacker's project.
    const logout = await lk.app.request(`${base(attacker.project)}/oauth2/logout?${new URLSearchParams({ id_token_hint: tokens.body.id_token, post_logout_redirect_uri: redirectUri })}`);
    expect(logout.status).toBe(400);

    // The JWKS of one project does not publish the other's keys.
    const kids = async (project: ProjectCredentials) => ((await (await lk.app.request(`${base(project)}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    const victimKids = await kids(victim.project);
    expect((await kids(attacker.project)).some((kid) => victimKids.includes(kid))).toBe(false);

    // The consent page: a request sealed for the victim's project does not open at the attacker's.
    const redirect = await lk.app.request(authorizeUrl(victim.project, victim.client.id, pkce().challenge, { prompt: "consent" }), { headers: { cookie: victim.cookie } });
    const sealed = new URL(redirect.headers.get("location")!, "http://x").searchParams.get("request")!;
    const consentElsewhere = await lk.app.request(`/handler/oauth2/consent?${new URLSearchParams({ project_id: attacker.project.id, request: sealed })}`, { headers: { cookie: attacker.cookie } });
    expect(consentElsewhere.status).toBe(400);
    const allowElsewhere = await lk.app.request(`/handler/oauth2/consent?project_id=${attacker.project.id}`, { method: "POST", ...{ headers: { cookie: attacker.cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ request: sealed, decision: "allow", csrf: "x" }).toString() } });
    expect(allowElsewhere.status).toBe(400);

    // After all of it, the victim's grant is untouched.
    const introspected = await post(lk, victim.project, "/oauth2/introspect", { token: tokens.body.access_token }, serverKey(victim.project));
    expect(introspected.body.active).toBe(true);
    const refreshed = await token(lk, victim.project, victim.client, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect(refreshed.status).toBe(200);
  });
});
