/**
 * Project-defined scopes (issue 40): a scope the project maps to a project permission is granted only
 * while the user holds that permission. Asked for without it, the consent page leaves it out and the
 * tokens do not carry it; once granted the permission, the user can consent to it; when the permission
 * is taken away, the next refresh drops the scope.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { authorize, pkce, redirectUri, setUp, token } from "./flow.js";

describe.each(testDialects)("project scopes mapped to permissions on %s", (dialect) => {
  it("grants a project scope only while the user holds its permission", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const defined = await lk.call("POST", "/project-permission-definitions", { access: "admin", project, body: { id: "read_notes", description: "Read notes" } });
    expect(defined.status, defined.text).toBe(201);
    const settings = await lk.call("PATCH", "/internal/identity-provider/settings", {
      access: "admin",
      project,
      body: { scopes: [{ scope: "notes:read", description: "Read your notes", permission_id: "read_notes" }] },
    });
    expect(settings.status, settings.text).toBe(200);
    const setup = await setUp(lk, ["openid", "offline_access", "notes:read"], project);
    const scope = "openid offline_access notes:read";

    const pages: string[] = [];
    const { verifier, challenge } = pkce();
    const withoutPermission = await authorize(lk, setup, challenge, { scope }, (html) => pages.push(html));
    expect(pages[0]).not.toContain("Read your notes");
    const narrowed = await token(lk, project, setup.client, { grant_type: "authorization_code", code: withoutPermission, redirect_uri: redirectUri, code_verifier: verifier });
    expect([narrowed.status, narrowed.body.scope]).toEqual([200, "openid offline_access"]);

    const granted = await lk.call("POST", `/project-permissions/${setup.userId}/read_notes`, { access: "server", project, body: {} });
    expect(granted.status, granted.text).toBe(201);
    const second = pkce();
    const withPermission = await authorize(lk, setup, second.challenge, { scope }, (html) => pages.push(html));
    expect(pages[1]).toContain("Read your notes");
    const full = await token(lk, project, setup.client, { grant_type: "authorization_code", code: withPermission, redirect_uri: redirectUri, code_verifier: second.verifier });
    expect([full.status, full.body.scope]).toEqual([200, scope]);

    const revoked = await lk.call("DELETE", `/project-permissions/${setup.userId}/read_notes`, { access: "server", project });
    expect(revoked.status, revoked.text).toBe(200);
    const refreshed = await token(lk, project, setup.client, { grant_type: "refresh_token", refresh_token: full.body.refresh_token });
    expect([refreshed.status, refreshed.body.scope]).toEqual([200, "openid offline_access"]);
  });
});
