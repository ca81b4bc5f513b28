import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KnownErrors } from "../core/errors/known-errors.js";
import { fakeBrowser } from "../test-support/browser.js";
import { fakeJwt } from "../test-support/jwt.js";
import { LatchkeyClientApp } from "./client-app.js";
import { rpIdPlaceholder } from "./passkeys.js";

const browser = vi.hoisted(() => {
  class WebAuthnError extends Error {
    code: string;
    constructor({ message, code }: { message: string; code: string }) {
      super(message);
      this.code = code;
      this.name = "NotAllowedError";
    }
  }
  return { WebAuthnError, startAuthentication: vi.fn(), startRegistration: vi.fn() };
});
vi.mock("@simplewebauthn/browser", () => browser);

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const known = (code: string, status: number, details?: Record<string, unknown>) =>
  new Response(JSON.stringify({ code, error: `${code} text`, ...(details && { details }) }), { headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) } });
const userJson = { id: "u1", display_name: null, primary_email: "a@example.com", primary_email_verified: true, profile_image_url: null, signed_up_at_millis: 0, client_metadata: null, client_read_only_metadata: null, has_password: false, auth_with_email: false, otp_auth_enabled: false, passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [], selected_team: null, selected_team_id: null };

function appWith(routes: Record<string, (init: RequestInit) => Response>, tokenStore: "memory" | { accessToken: string; refreshToken: string } = "memory") {
  const bodies = new Map<string, unknown>();
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace("/api/v1", "")}`;
    if (init?.body) bodies.set(key, JSON.parse(String(init.body)));
    const route = routes[key];
    if (!route) throw new Error(`no route for ${key}`);
    return route(init ?? {});
  };
  const app = new LatchkeyClientApp({ baseUrl: "https://auth.example.com", projectId: "p1", publishableClientKey: "pck", tokenStore, redirectMethod: { navigate: vi.fn() }, fetch: fetchImpl as typeof fetch });
  return { app, bodies };
}

beforeEach(() => {
  fakeBrowser("https://app.example.com/handler/sign-in");
  browser.startAuthentication.mockReset();
  browser.startRegistration.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signInWithPasskey", () => {
  const initiate = () => json({ options_json: { challenge: "ch", rpId: rpIdPlaceholder, allowCredentials: [], userVerification: "preferred" }, code: "c".repeat(45) });

  it("puts the page's hostname in place of the placeholder RP id and signs in with the authenticator's answer", async () => {
    browser.startAuthentication.mockResolvedValue({ id: "cred", response: {} });
    const { app, bodies } = appWith({
      "POST /auth/passkey/initiate-passkey-authentication": initiate,
      "POST /auth/passkey/sign-in": () => json({ access_token: fakeJwt(Date.now() + 600_000), refresh_token: "r", is_new_user: false, user_id: "u1" }),
      "GET /users/me": () => json(userJson),
    });
    expect((await app.signInWithPasskey()).status).toBe("ok");
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ rpId: "app.example.com", challenge: "ch" }) });
    expect(bodies.get("POST /auth/passkey/sign-in")).toEqual({ authentication_response: { id: "cred", response: {} }, code: "c".repeat(45) });
    expect((await app.getUser())?.id).toBe("u1");
  });

  it("maps authenticator errors to PasskeyWebAuthnError with the SPEC's codes (others as a general error)", async () => {
    const { app } = appWith({ "POST /auth/passkey/initiate-passkey-authentication": initiate });
    browser.startAuthentication.mockRejectedValueOnce(new browser.WebAuthnError({ message: "The user cancelled", code: "ERROR_CEREMONY_ABORTED" }));
    const aborted = await app.signInWithPasskey();
    expect(aborted.status === "error" && aborted.error).toBeInstanceOf(KnownErrors.PasskeyWebAuthnError);
    expect(aborted.status === "error" && aborted.error.details).toEqual({ message: "The user cancelled", code: "ERROR_CEREMONY_ABORTED" });
    browser.startAuthentication.mockRejectedValueOnce(new browser.WebAuthnError({ message: "see cause", code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY" }));
    const other = await app.signInWithPasskey();
    expect(other.status === "error" && other.error.details?.code).toBe("ERROR_AUTHENTICATOR_GENERAL_ERROR");
    browser.startAuthentication.mockRejectedValueOnce(new Error("boom"));
    const unknown = await app.signInWithPasskey();
    expect(unknown.status === "error" && unknown.error).toBeInstanceOf(KnownErrors.PasskeyAuthenticationFailed);
  });

  it("answers the server's PASSKEY_AUTHENTICATION_FAILED as an error result, and refuses options without the placeholder", async () => {
    browser.startAuthentication.mockResolvedValue({ id: "cred" });
    const { app } = appWith({
      "POST /auth/passkey/initiate-passkey-authentication": initiate,
      "POST /auth/passkey/sign-in": () => known("PASSKEY_AUTHENTICATION_FAILED", 400, { message: "Passkey not found" }),
    });
    const failed = await app.signInWithPasskey();
    expect(failed.status === "error" && failed.error).toBeInstanceOf(KnownErrors.PasskeyAuthenticationFailed);
    const { app: other } = appWith({ "POST /auth/passkey/initiate-passkey-authentication": () => json({ options_json: { challenge: "ch", rpId: "evil.example" }, code: "x" }) });
    await expect(other.signInWithPasskey()).rejects.toThrow(/placeholder/);
  });
});

describe("user.registerPasskey", () => {
  it("registers with rp.id set to the hostname, and maps authenticator errors", async () => {
    const access = fakeJwt(Date.now() + 600_000);
    const { app, bodies } = appWith({
      "GET /users/me": () => json(userJson),
      "POST /auth/passkey/initiate-passkey-registration": () => json({ options_json: { challenge: "ch", rp: { id: rpIdPlaceholder, name: "Demo" }, user: { id: "dTE", name: "a@example.com", displayName: "a@example.com" }, pubKeyCredParams: [] }, code: "k" }),
      "POST /auth/passkey/register": () => json({ user_handle: "dTE" }),
    }, { accessToken: access, refreshToken: "r" });
    const user = await app.getUser({ or: "throw" });
    browser.startRegistration.mockResolvedValueOnce({ id: "new-cred" });
    expect((await user.registerPasskey()).status).toBe("ok");
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ rp: { id: "app.example.com", name: "Demo" } }) });
    expect(bodies.get("POST /auth/passkey/register")).toEqual({ credential: { id: "new-cred" }, code: "k" });
    browser.startRegistration.mockRejectedValueOnce(new browser.WebAuthnError({ message: "already registered", code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" }));
    const again = await user.registerPasskey({ hostname: "localhost" });
    expect(again.status === "error" && again.error.details?.code).toBe("ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED");
    expect(browser.startRegistration).toHaveBeenLastCalledWith({ optionsJSON: expect.objectContaining({ rp: { id: "localhost", name: "Demo" } }) });
  });
});
