import { afterEach, describe, expect, it, vi } from "vitest";
import { KnownErrors } from "../core/errors/known-errors.js";
import { fakeBrowser } from "../test-support/browser.js";
import { fakeJwt } from "../test-support/jwt.js";
import { LatchkeyClientApp } from "./client-app.js";
import { codeChallengeOf } from "./oauth.js";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const known = (code: string, status: number, details?: Record<string, unknown>) =>
  new Response(JSON.stringify({ code, error: code, ...(details && { details }) }), { headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) } });
const userJson = { id: "u1", display_name: null, primary_email: "a@example.com", primary_email_verified: true, profile_image_url: null, signed_up_at_millis: 0, client_metadata: null, client_read_only_metadata: null, has_password: false, auth_with_email: false, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [{ id: "github" }], selected_team: null, selected_team_id: null };

type Route = (init: RequestInit, url: URL) => Response;
function appWith(routes: Record<string, Route>, options: { oauthScopesOnSignIn?: Record<string, string[]>; tokenStore?: { accessToken: string; refreshToken: string } } = {}) {
  const log: { key: string; url: URL; init: RequestInit }[] = [];
  const navigate = vi.fn();
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
    log.push({ key, url, init: init ?? {} });
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {}, url);
  };
  const app = new LatchkeyClientApp({
    baseUrl: "https://auth.example.com",
    projectId: "p1",
    publishableClientKey: "pck_1",
    tokenStore: options.tokenStore ?? "memory",
    redirectMethod: { navigate },
    fetch: fetchImpl as typeof fetch,
    ...(options.oauthScopesOnSignIn && { oauthScopesOnSignIn: options.oauthScopesOnSignIn }),
  });
  return { app, log, navigate };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PKCE", () => {
  it("derives the S256 challenge of RFC 7636 appendix B", async () => {
    expect(await codeChallengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
});

describe("signInWithOAuth", () => {
  it("keeps the verifier in a one-hour cookie named after the state and sends the browser to the authorize URL", async () => {
    const { jar, location } = fakeBrowser("https://app.example.com/handler/sign-in?after_auth_return_to=%2Fdashboard#top");
    const { app } = appWith({}, { oauthScopesOnSignIn: { github: ["repo", "read:user"] } });
    void app.signInWithOAuth("github");
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    const target = new URL(location.assign.mock.calls[0]![0] as string);
    expect(target.origin + target.pathname).toBe("https://auth.example.com/api/v1/auth/oauth/authorize/github");
    const q = Object.fromEntries(target.searchParams);
    const cookieName = `stack-oauth-outer-${q.state}`;
    const verifier = jar.values.get(cookieName);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(jar.maxAges.get(cookieName)).toBe(3600);
    expect(q).toEqual({
      client_id: "p1",
      client_secret: "pck_1",
      redirect_uri: "https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fdashboard",
      scope: "legacy",
      state: q.state,
      grant_type: "authorization_code",
      code_challenge: await codeChallengeOf(verifier!),
      code_challenge_method: "S256",
      response_type: "code",
      type: "authenticate",
      error_redirect_url: "https://app.example.com/handler/error?after_auth_return_to=%2Fdashboard",
      provider_scope: "repo read:user",
    });
  });

  it("sends the signed-in (e.g. anonymous) user's access token, so the account is upgraded rather than replaced", async () => {
    const { location } = fakeBrowser("https://app.example.com/");
    const access = fakeJwt(Date.now() + 600_000);
    const { app } = appWith({}, { tokenStore: { accessToken: access, refreshToken: "r" } });
    void app.signInWithOAuth("google");
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    expect(new URL(location.assign.mock.calls[0]![0] as string).searchParams.get("token")).toBe(access);
  });

  it("refuses to run outside a browser", async () => {
    const { app } = appWith({});
    await expect(app.signInWithOAuth("github")).rejects.toThrow(/browser/);
  });
});

describe("callOAuthCallback", () => {
  const callbackHref = "https://app.example.com/handler/oauth-callback?code=the-code&state=s1&after_auth_return_to=%2Fdashboard";

  it("trades the code with the stored verifier, strips code and state from the address, signs in and redirects", async () => {
    const { jar, history } = fakeBrowser(callbackHref);
    jar.values.set("stack-oauth-outer-s1", "verifier-1");
    const access = fakeJwt(Date.now() + 600_000);
    const { app, log, navigate } = appWith({
      "POST /auth/oauth/token": () => json({ access_token: access, refresh_token: "r1", is_new_user: true, after_callback_redirect_url: null, token_type: "Bearer" }),
      "GET /users/me": () => json(userJson),
    });
    expect(await app.callOAuthCallback()).toBe(true);
    const form = new URLSearchParams(String(log[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: "https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fdashboard",
      code_verifier: "verifier-1",
      client_id: "p1",
      client_secret: "pck_1",
    });
    expect(history.replaceState).toHaveBeenCalledWith({}, "", "https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fdashboard");
    expect(jar.values.has("stack-oauth-outer-s1")).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/dashboard"); // a new user goes to after-sign-up, honouring after_auth_return_to
    expect((await app.getUser())?.id).toBe("u1");
    // The verifier is spent: the same callback again does nothing.
    expect(await app.callOAuthCallback()).toBe(false);
    expect(log.filter((entry) => entry.key === "POST /auth/oauth/token")).toHaveLength(1);
  });

  it("returns to a link flow's page when the token answer names one on this origin", async () => {
    const { jar } = fakeBrowser("https://app.example.com/handler/oauth-callback?code=c&state=s2");
    jar.values.set("stack-oauth-outer-s2", "v");
    const { app, navigate } = appWith({
      "POST /auth/oauth/token": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r", is_new_user: false, after_callback_redirect_url: "https://app.example.com/settings?tab=accounts", token_type: "Bearer" }),
    });
    expect(await app.callOAuthCallback()).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/settings?tab=accounts");
  });

  it("answers false without a verifier for the state (reload, expiry, another client) and asks the server nothing", async () => {
    fakeBrowser(callbackHref);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { app, log } = appWith({});
    expect(await app.callOAuthCallback()).toBe(false);
    expect(log).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("on a required second factor keeps the attempt code for the MFA page and redirects there", async () => {
    const { jar, storage } = fakeBrowser("https://app.example.com/handler/oauth-callback?code=c&state=s3");
    jar.values.set("stack-oauth-outer-s3", "v");
    const { app, navigate } = appWith({ "POST /auth/oauth/token": () => known("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "attempt-45" }) });
    await expect(app.callOAuthCallback()).rejects.toBeInstanceOf(KnownErrors.MultiFactorAuthenticationRequired);
    expect(storage.get("stack_mfa_attempt_code")).toBe("attempt-45");
    expect(navigate).toHaveBeenCalledWith("/handler/mfa");
  });
});

describe("the MFA redirect of password sign-in", () => {
  it("stores the attempt code and opens the MFA page; signInWithMfa finishes with the code", async () => {
    const { storage } = fakeBrowser("https://app.example.com/handler/sign-in");
    const { app, navigate, log } = appWith({
      "POST /auth/password/sign-in": () => known("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "attempt-1" }),
      "POST /auth/mfa/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r", is_new_user: false, user_id: "u1" }),
      "GET /users/me": () => json(userJson),
    });
    await expect(app.signInWithCredential({ email: "a@example.com", password: "pw" })).rejects.toBeInstanceOf(KnownErrors.MultiFactorAuthenticationRequired);
    expect(storage.get("stack_mfa_attempt_code")).toBe("attempt-1");
    expect(navigate).toHaveBeenCalledWith("/handler/mfa");
    expect((await app.signInWithMfa("123456", storage.get("stack_mfa_attempt_code")!, { noRedirect: true })).status).toBe("ok");
    expect(JSON.parse(String(log.find((e) => e.key === "POST /auth/mfa/sign-in")!.init.body))).toMatchObject({ type: "totp", totp: "123456", code: "attempt-1" });
    expect((await app.getUser())?.id).toBe("u1");
  });
});

describe("connected accounts", () => {
  it("hands out the provider's access token, answers null when not connected, and starts a link flow with or: 'redirect'", async () => {
    const { location } = fakeBrowser("https://app.example.com/settings");
    const access = fakeJwt(Date.now() + 600_000);
    let connected = true;
    const { app, log } = appWith({
      "GET /users/me": () => json(userJson),
      "POST /connected-accounts/me/github/access-token": () => (connected ? json({ access_token: "gho_123" }, 201) : known("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400)),
    }, { tokenStore: { accessToken: access, refreshToken: "r" }, oauthScopesOnSignIn: { github: ["read:user"] } });
    const user = await app.getUser({ or: "throw" });
    const account = await user.getConnectedAccount("github", { scopes: ["repo"] });
    expect(await account?.getAccessToken()).toEqual({ accessToken: "gho_123" });
    expect(JSON.parse(String(log.find((e) => e.key.includes("access-token"))!.init.body))).toEqual({ scope: "repo" });
    expect(await user.getConnectedAccount("gitlab")).toBeNull(); // not linked: no request
    expect(log.filter((e) => e.key.includes("gitlab"))).toEqual([]);
    connected = false;
    expect(await user.getConnectedAccount("github", { scopes: ["admin:org"] })).toBeNull();
    void user.getConnectedAccount("github", { scopes: ["admin:org"], or: "redirect" });
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    const q = new URL(location.assign.mock.calls[0]![0] as string).searchParams;
    expect(q.get("type")).toBe("link");
    expect(q.get("provider_scope")).toBe("admin:org read:user");
    expect(q.get("after_callback_redirect_url")).toBe("https://app.example.com/settings");
    expect(q.get("token")).toBe(access);
  });
});
