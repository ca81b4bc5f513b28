import { describe, expect, it, vi } from "vitest";
import { fakeJwt } from "../test-support/jwt.js";
import { LatchkeyClientApp } from "./client-app.js";
import { isTrustedRedirect, redirectTo } from "./urls.js";

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const known = (code: string, status: number) =>
  new Response(JSON.stringify({ code, error: code }), { headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) } });

const userJson = { id: "u1", display_name: null, primary_email: "a@example.com", primary_email_verified: false, profile_image_url: null, signed_up_at_millis: 0, client_metadata: null, client_read_only_metadata: null, has_password: true, auth_with_email: true, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [], selected_team: null, selected_team_id: null };

function appWith(routes: Record<string, (init: RequestInit) => Response>) {
  const log: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
    log.push(key);
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {});
  });
  const app = new LatchkeyClientApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", tokenStore: "memory", fetch: fetchImpl as typeof fetch });
  return { app, log };
}

describe("client app", () => {
  it("signs out by deleting the session on the server first, then forgetting it", async () => {
    const access = fakeJwt(Date.now() + 600_000);
    let storeDuringDelete: unknown;
    const { app, log } = appWith({
      "POST /auth/password/sign-in": () => json({ access_token: access, refresh_token: "ref", user_id: "u1" }),
      "GET /users/me": () => json(userJson),
      "DELETE /auth/sessions/current": (init) => {
        storeDuringDelete = (init.headers as Record<string, string>)["x-stack-refresh-token"];
        return json({ success: true });
      },
    });
    expect((await app.signInWithCredential({ email: "a@example.com", password: "p", noRedirect: true })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    await user.signOut();
    expect(storeDuringDelete).toBe("ref");
    expect(log).toEqual(["POST /auth/password/sign-in", "GET /users/me", "DELETE /auth/sessions/current"]);
    expect(await app.getUser()).toBeNull();
    expect(log).toHaveLength(3); // an invalid session asks the server nothing
  });

  it("answers null for 'me' without a user (CANNOT_GET_OWN_USER_WITHOUT_USER), and throws with or: 'throw'", async () => {
    const { app } = appWith({ "GET /users/me": () => known("CANNOT_GET_OWN_USER_WITHOUT_USER", 400), "POST /auth/oauth/token": () => known("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401) });
    expect(await app.getUser({ tokenStore: { accessToken: null, refreshToken: "gone" } })).toBeNull();
    await expect(app.getUser({ or: "throw", tokenStore: { accessToken: null, refreshToken: "gone" } })).rejects.toThrow(/No user is signed in/);
  });

  it("counts anonymous users as signed out unless or: 'anonymous'", async () => {
    const access = fakeJwt(Date.now() + 600_000);
    const { app } = appWith({
      "POST /auth/anonymous/sign-up": () => json({ access_token: access, refresh_token: "anon", user_id: "u1" }),
      "GET /users/me": () => json({ ...userJson, is_anonymous: true }),
    });
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    expect(await app.getUser()).toBeNull();
  });
});

describe("redirects", () => {
  it("trusts relative URLs only", () => {
    expect(isTrustedRedirect("/dashboard?x=1")).toBe(true);
    expect(isTrustedRedirect("settings")).toBe(true);
    expect(isTrustedRedirect("https://evil.example/")).toBe(false);
    expect(isTrustedRedirect("//evil.example/")).toBe(false);
    expect(isTrustedRedirect("javascript:alert(1)")).toBe(false);
  });

  it("navigates by the method: none does nothing, custom calls navigate, untrusted URLs throw", async () => {
    const navigate = vi.fn();
    const wait = vi.fn(async () => undefined);
    await redirectTo("none", "/x", {}, wait);
    await redirectTo({ navigate }, "/y", {}, wait);
    expect(navigate).toHaveBeenCalledWith("/y");
    await expect(redirectTo({ navigate }, "https://evil.example", {}, wait)).rejects.toThrow(/not trusted/);
  });

  it("assigns window.location (or replaces it) and waits 2000 ms", async () => {
    const location = { href: "http://app.test/", origin: "http://app.test", search: "", assign: vi.fn(), replace: vi.fn() };
    vi.stubGlobal("window", { location });
    const wait = vi.fn(async () => undefined);
    try {
      await redirectTo("window", "/a", {}, wait);
      await redirectTo("window", "/b", { replace: true }, wait);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(location.assign).toHaveBeenCalledWith("/a");
    expect(location.replace).toHaveBeenCalledWith("/b");
    expect(wait).toHaveBeenCalledWith(2000);
  });
});
