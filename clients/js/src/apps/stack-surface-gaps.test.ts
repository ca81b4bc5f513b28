/**
 * The four gaps issue 33 found by running Stack's own SDK scenarios through @latchkey/js: `app.signOut()`,
 * `ServerUser.getConnectedAccount()`, and `signInWithCredential({ noRedirect: true })` for a user with a
 * second factor (an MFA-required error result, no navigation). The admin config's `microsoftTenantId` is
 * covered against a real server in test/compat/admin-oauth-config.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { KnownErrors } from "../core/errors/known-errors.js";
import { fakeJwt } from "../test-support/jwt.js";
import { LatchkeyClientApp } from "./client-app.js";
import { LatchkeyServerApp } from "./server-app.js";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const known = (code: string, status: number, details: unknown) =>
  new Response(JSON.stringify({ code, error: code, details }), { status, headers: { "content-type": "application/json", "x-stack-known-error": code } });
const userJson = { id: "u1", display_name: null, primary_email: "a@example.com", primary_email_verified: false, profile_image_url: null, signed_up_at_millis: 0, last_active_at_millis: 0, client_metadata: null, client_read_only_metadata: null, server_metadata: null, has_password: true, auth_with_email: true, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [{ id: "github", account_id: "42", email: null }], selected_team: null, selected_team_id: null };

function fakeFetch(routes: Record<string, (init: RequestInit) => Response>) {
  const log: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace("/api/v1", "")}`;
    log.push(key);
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {});
  });
  return { fetch: fetchImpl as typeof fetch, log };
}
const options = { baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", tokenStore: "memory" as const };

describe("Stack surface gaps (issue 33)", () => {
  it("app.signOut() signs the current user out on the server and here", async () => {
    const { fetch, log } = fakeFetch({
      "POST /auth/password/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "ref", user_id: "u1" }),
      "GET /users/me": () => json(userJson),
      "DELETE /auth/sessions/current": () => json({ success: true }),
    });
    const app = new LatchkeyClientApp({ ...options, fetch });
    expect((await app.signInWithCredential({ email: "a@example.com", password: "p", noRedirect: true })).status).toBe("ok");
    await app.signOut();
    expect(log).toContain("DELETE /auth/sessions/current");
    expect(await app.getUser()).toBeNull();
  });

  it("signInWithCredential with noRedirect answers MultiFactorAuthenticationRequired for a user with TOTP, without navigating", async () => {
    const { fetch, log } = fakeFetch({
      "POST /auth/password/sign-in": () => known("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "attempt-1" }),
    });
    const app = new LatchkeyClientApp({ ...options, fetch, redirectMethod: { useNavigate: () => () => { throw new Error("navigated"); } } });
    const result = await app.signInWithCredential({ email: "a@example.com", password: "p", noRedirect: true });
    expect(result.status).toBe("error");
    const failure = result.status === "error" ? result.error : null;
    expect(failure).toBeInstanceOf(KnownErrors.MultiFactorAuthenticationRequired);
    expect((failure as InstanceType<typeof KnownErrors.MultiFactorAuthenticationRequired>).details).toMatchObject({ attempt_code: "attempt-1" });
    expect(log).toEqual(["POST /auth/password/sign-in"]);
  });

  it("ServerUser.getConnectedAccount() answers the linked account's access token with the secret key, null for an unlinked provider", async () => {
    const { fetch, log } = fakeFetch({
      "GET /users/u1": () => json(userJson),
      "POST /connected-accounts/u1/github/access-token": (init) => {
        expect((init.headers as Record<string, string>)["x-stack-secret-server-key"]).toBe("ssk");
        expect(JSON.parse(String(init.body))).toEqual({ scope: "repo" });
        return json({ access_token: "gho_token" }, 201);
      },
    });
    const app = new LatchkeyServerApp({ ...options, secretServerKey: "ssk", fetch });
    const user = await app.getUser("u1");
    const github = await user!.getConnectedAccount("github", { scopes: ["repo"] });
    expect(await github!.getAccessToken()).toEqual({ accessToken: "gho_token" });
    expect(await user!.getConnectedAccount("gitlab")).toBeNull();
    await expect(user!.getConnectedAccount("gitlab", { or: "throw" })).rejects.toThrow(/no connected gitlab account/);
    expect(log).toEqual(["GET /users/u1", "POST /connected-accounts/u1/github/access-token"]);
  });
});
