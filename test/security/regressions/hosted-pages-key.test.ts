/**
 * Issue 35, finding 11: loading `/handler/*?project_id=<id>` created a live publishable key set in any
 * project, unasked. The hosted pages' key is now computed from the project id under the server secret
 * and accepted as the project's publishable key without ever being stored: loading a page writes nothing.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";

describe.each(testDialects)("the hosted pages' publishable key on %s", (dialect) => {
  it("is never minted into the project, works for that project only, at the API and the token endpoint", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const keySets = async () => (await lk.call("GET", "/internal/api-keys", { access: "admin", project })).body.items.length as number;
    const before = await keySets();

    const page = await lk.app.request(`/handler/sign-in?project_id=${project.id}`);
    expect(page.status).toBe(200);
    const key = /name="latchkey-publishable-client-key" content="([^"]+)"/.exec(await page.text())?.[1];
    expect(key).toMatch(/^pck_/);
    expect(await keySets()).toBe(before);
    const again = await (await lk.app.request(`/handler/account-settings?project_id=${project.id}`)).text();
    expect(again).toContain(key);

    const withKey = (id: string) => ({ "x-stack-access-type": "client", "x-stack-project-id": id, "x-stack-publishable-client-key": key! });
    expect((await lk.call("GET", "/projects/current", { headers: withKey(project.id) })).status).toBe(200);
    const elsewhere = await lk.call("GET", "/projects/current", { headers: withKey(other.id) });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, "INVALID_PUBLISHABLE_CLIENT_KEY"]);

    // The pages sign people up and refresh their tokens with it.
    const signUp = await lk.call("POST", "/auth/password/sign-up", {
      headers: withKey(project.id),
      body: { email: "ada@example.com", password: "a long passphrase", verification_callback_url: "http://localhost:8102/handler/email-verification" },
    });
    expect(signUp.status, signUp.text).toBe(200);
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: signUp.body.refresh_token, client_id: project.id, client_secret: key! });
    const refreshed = await lk.app.request("/api/v1/auth/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
    expect(refreshed.status).toBe(200);
    expect(await keySets()).toBe(before);
  }, 60_000);
});
