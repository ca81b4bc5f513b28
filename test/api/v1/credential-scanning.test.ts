/**
 * Leak reports from secret scanners (backend-fidelity-2.md §5): `POST /integrations/credential-scanning/revoke`
 * revokes a secret user or team API key found in public, mails its owners and answers `{success:true}`;
 * an unknown value API_KEY_NOT_FOUND, a public key PUBLIC_API_KEY_CANNOT_BE_REVOKED.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { expectKnownError } from "../../support/known-errors.js";

const bothKinds = { "apiKeys.enabled.user": true, "apiKeys.enabled.team": true };

describe.each(testDialects)("POST /integrations/credential-scanning/revoke on %s", (dialect) => {
  it("revokes a leaked secret user key without credentials, mails its owner, and answers success again later", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "owner@example.com" } });
    const key = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: user.body.id, description: "ci deploy" } });
    const value = key.body.value as string;
    expect((await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: value } })).status).toBe(200);

    const report = await lk.call("POST", "/integrations/credential-scanning/revoke", { body: { api_key: value } });
    expect([report.status, report.body]).toEqual([200, { success: true }]);
    expectKnownError(await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: value } }), 401, "API_KEY_REVOKED");
    const mails = await lk.deps.queries.outbox.listForProject(project.id, "email");
    const notice = mails.filter((m) => (m.summary as { subject?: string }).subject?.startsWith("An API key of yours was found in public"));
    expect(notice.map((m) => m.summary)).toEqual([{ to: ["owner@example.com"], subject: expect.stringContaining("revoked") }]);

    // Reported again: the same answer, no second mail.
    expect((await lk.call("POST", "/integrations/credential-scanning/revoke", { body: { api_key: value } })).body).toEqual({ success: true });
    expect((await lk.deps.queries.outbox.listForProject(project.id, "email")).length).toBe(mails.length);
  });

  it("mails a team key's managers, refuses public keys and unknown values", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const server = { access: "server" as const, project };
    const creator = await lk.call("POST", "/users", { ...server, body: { primary_email: "lead@example.com" } });
    const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "Ops", creator_user_id: creator.body.id } });
    const member = await lk.call("POST", "/users", { ...server, body: { primary_email: "member@example.com" } });
    expect((await lk.call("POST", `/team-memberships/${team.body.id}/${member.body.id}`, { ...server, body: {} })).status).toBe(201);
    const teamKey = await lk.call("POST", "/team-api-keys", { ...server, body: { team_id: team.body.id, description: "ops" } });
    expect((await lk.call("POST", "/integrations/credential-scanning/revoke", { body: { api_key: teamKey.body.value } })).status).toBe(200);
    const notice = (await lk.deps.queries.outbox.listForProject(project.id, "email")).filter((m) => (m.summary as { subject?: string }).subject?.startsWith("An API key"));
    // The creator holds team_admin (with $manage_api_keys); a plain member does not.
    expect(notice.map((m) => (m.summary as { to: string[] }).to)).toEqual([["lead@example.com"]]);

    const publicKey = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: creator.body.id, description: "web", is_public: true } });
    expectKnownError(await lk.call("POST", "/integrations/credential-scanning/revoke", { body: { api_key: publicKey.body.value } }), 400, "PUBLIC_API_KEY_CANNOT_BE_REVOKED");
    expect((await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: publicKey.body.value } })).status).toBe(200);
    const unknown = await lk.call("POST", "/integrations/credential-scanning/revoke", { body: { api_key: "sk_unknownunknownunknownunknownunknownunknown12" } });
    expectKnownError(unknown, 404, "API_KEY_NOT_FOUND");
    expect(unknown.body.error).toBe("API key not found.");
  });
});
