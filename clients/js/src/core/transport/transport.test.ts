import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeJwt } from "../../test-support/jwt.js";
import { ConnectivityError, HttpError, OfflineError } from "../errors/http-errors.js";
import { KnownError } from "../errors/known-error.js";
import { KnownErrors } from "../errors/known-errors.js";
import { Session } from "../tokens/session.js";
import { retryDelayMs, retryAfterMs } from "./retry.js";
import { Transport, type TransportOptions } from "./transport.js";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json", ...init.headers } });
const knownError = (code: string, status: number, details?: object) =>
  json({ code, ...(details && { details }), error: `${code} happened` }, { status: 200, headers: { "x-stack-known-error": code, "x-stack-actual-status": String(status) } });

function setup(handlers: Handler[], options: Partial<TransportOptions> = {}) {
  const calls: { url: string; init: RequestInit; headers: Record<string, string> }[] = [];
  const waits: number[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers.shift();
    if (!handler) throw new Error(`unexpected request ${url}`);
    return handler(url, init ?? {});
  });
  const transport = new Transport({
    baseUrl: "http://api.test/",
    projectId: "p1",
    clientVersion: "js @latchkey/js@0",
    publishableClientKey: "pck",
    fetch: fetchImpl as typeof fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { transport, calls, waits, fetchImpl };
}

const networkFailure: Handler = () => {
  throw new TypeError("fetch failed");
};

describe("Transport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the x-stack headers of the access level, with the session's tokens", async () => {
    const { transport, calls } = setup([() => json({ ok: true }), () => json({ ok: true })], { secretServerKey: "ssk", superSecretAdminKey: "sak" });
    const access = fakeJwt(Date.now() + 600_000);
    await transport.send({ method: "GET", path: "/users/me" }, new Session({ accessToken: access, refreshToken: "ref" }, vi.fn()), "server");
    expect(calls[0]!.url).toBe("http://api.test/api/v1/users/me");
    expect(calls[0]!.headers).toMatchObject({
      "x-stack-override-error-status": "true",
      "x-stack-project-id": "p1",
      "x-stack-access-type": "server",
      "x-stack-client-version": "js @latchkey/js@0",
      "x-stack-allow-anonymous-user": "true",
      "x-stack-publishable-client-key": "pck",
      "x-stack-secret-server-key": "ssk",
      "x-stack-access-token": access,
      "x-stack-refresh-token": "ref",
    });
    expect(calls[0]!.headers).not.toHaveProperty("x-stack-super-secret-admin-key");
    expect(calls[0]!.init).toMatchObject({ credentials: "omit", cache: "no-store" });
    await transport.send({ method: "POST", path: "/teams", body: { a: 1 } }, null, "client");
    expect(calls[1]!.headers).not.toHaveProperty("x-stack-secret-server-key");
    expect(calls[1]!.headers["content-type"]).toBe("application/json");
    expect(calls[1]!.init.body).toBe('{"a":1}');
  });

  it("names the end user's address with the secret server key, at every access level, when the app gives one", async () => {
    const addresses: (string | null)[] = ["203.0.113.5", "203.0.113.6", null];
    const { transport, calls } = setup([() => json({}), () => json({}), () => json({})], { secretServerKey: "ssk", endUserIp: async () => addresses.shift() ?? null });
    await transport.send({ method: "POST", path: "/auth/password/sign-in", body: {} }, null, "client");
    expect(calls[0]!.headers).toMatchObject({ "x-stack-access-type": "client", "x-latchkey-end-user-ip": "203.0.113.5", "x-stack-secret-server-key": "ssk" });
    await transport.send({ method: "GET", path: "/users" }, null, "server");
    expect(calls[1]!.headers).toMatchObject({ "x-latchkey-end-user-ip": "203.0.113.6" });
    // Unknown: neither the header nor, for client calls, the secret key.
    await transport.send({ method: "GET", path: "/teams" }, null, "client");
    expect(calls[2]!.headers).not.toHaveProperty("x-latchkey-end-user-ip");
    expect(calls[2]!.headers).not.toHaveProperty("x-stack-secret-server-key");
  });

  it("names the end user's address on a server app's token refresh too", async () => {
    const { transport, calls } = setup([() => json({ access_token: "new", token_type: "Bearer" })], {
      secretServerKey: "ssk",
      endUserIp: () => "203.0.113.5",
    });
    expect(await transport.refreshAccessToken("ref")).toBe("new");
    expect(calls[0]!.url).toBe("http://api.test/api/v1/auth/oauth/token");
    expect(calls[0]!.headers).toMatchObject({ "x-latchkey-end-user-ip": "203.0.113.5", "x-stack-secret-server-key": "ssk" });
    // A browser's refresh (no secret key) names nobody.
    const browser = setup([() => json({ access_token: "new", token_type: "Bearer" })], { endUserIp: () => "203.0.113.5" });
    await browser.transport.refreshAccessToken("ref");
    expect(browser.calls[0]!.headers).not.toHaveProperty("x-latchkey-end-user-ip");
    expect(browser.calls[0]!.headers).not.toHaveProperty("x-stack-secret-server-key");
  });

  it("never names an end user's address without the secret server key", async () => {
    const { transport, calls } = setup([() => json({})], { endUserIp: () => "203.0.113.5" });
    await transport.send({ method: "GET", path: "/users/me" }, null, "client");
    expect(calls[0]!.headers).not.toHaveProperty("x-latchkey-end-user-ip");
  });

  it("rebuilds known errors as their classes, with the real status", async () => {
    const { transport } = setup([() => knownError("VERIFICATION_CODE_ALREADY_USED", 409)]);
    const error = await transport.send({ method: "POST", path: "/x" }, null, "client").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
    expect(error).toBeInstanceOf(KnownErrors.VerificationCodeError);
    expect(error).toBeInstanceOf(KnownError);
    expect(KnownErrors.VerificationCodeError.isInstance(error)).toBe(true);
    expect(KnownErrors.UserNotFound.isInstance(error)).toBe(false);
    expect(error).toMatchObject({ errorCode: "VERIFICATION_CODE_ALREADY_USED", statusCode: 409 });
  });

  it("turns an unknown code into UnsupportedError and refuses a header that differs from the body", async () => {
    const { transport } = setup([
      () => knownError("SOMETHING_NEW", 400),
      () => json({ code: "A", error: "x" }, { headers: { "x-stack-known-error": "B", "x-stack-actual-status": "400" } }),
    ]);
    const unknown = await transport.send({ method: "GET", path: "/x" }, null, "client").catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(KnownErrors.UnsupportedError);
    expect((unknown as KnownError).details).toEqual({ originalErrorCode: "SOMETHING_NEW" });
    await expect(transport.send({ method: "GET", path: "/x" }, null, "client")).rejects.toThrow(/header and the error code in the body differ/);
  });

  it("marks a rejected access token expired, refreshes and sends the request again", async () => {
    const old = fakeJwt(Date.now() + 600_000, { n: 1 });
    const fresh = fakeJwt(Date.now() + 600_000, { n: 2 });
    const { transport, calls } = setup([
      () => knownError("UNPARSABLE_ACCESS_TOKEN", 401),
      (url) => {
        expect(url).toBe("http://api.test/api/v1/auth/oauth/token");
        return json({ access_token: fresh, token_type: "Bearer" });
      },
      () => json({ id: "u1" }),
    ]);
    const session = transport.createSession({ accessToken: old, refreshToken: "ref" });
    const response = await transport.send({ method: "GET", path: "/users/me" }, session, "client");
    expect(await response.json()).toEqual({ id: "u1" });
    expect(calls[0]!.headers["x-stack-access-token"]).toBe(old);
    expect(String(calls[1]!.init.body)).toBe("grant_type=refresh_token&refresh_token=ref&client_id=p1&client_secret=pck");
    expect(calls[1]!.headers).not.toHaveProperty("x-stack-project-id");
    expect(calls[2]!.headers["x-stack-access-token"]).toBe(fresh);
  });

  it("signs the session out when the refresh token is refused", async () => {
    const { transport } = setup([() => json({ code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", error: "x" }, { status: 401, headers: { "x-stack-known-error": "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" } })]);
    expect(await transport.refreshAccessToken("gone")).toBeNull();
  });

  it("retries idempotent requests after network failures: 5 attempts, waits 1 s, 2 s, 4 s, 8 s times the jitter", async () => {
    const { transport, waits, fetchImpl } = setup([networkFailure, networkFailure, networkFailure, networkFailure, () => json({ ok: true })]);
    await transport.send({ method: "GET", path: "/x" }, null, "client");
    expect(fetchImpl).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it("gives up after 5 attempts with a connectivity error carrying diagnostics", async () => {
    const { transport, fetchImpl } = setup([networkFailure, networkFailure, networkFailure, networkFailure, networkFailure, networkFailure, networkFailure]);
    const error = await transport.send({ method: "GET", path: "/x" }, null, "client").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectivityError);
    expect((error as ConnectivityError).diagnostics).toMatchObject({ apiRoot: expect.stringContaining("fetch failed"), health: expect.stringContaining("fetch failed") });
    expect(fetchImpl.mock.calls.slice(5).map(([url]) => String(url))).toEqual(["http://api.test/api/v1", "http://api.test/health"]);
  });

  it("reports a network failure of a non-idempotent request at once, with diagnostics", async () => {
    const { transport, fetchImpl, waits } = setup([networkFailure, () => json({}), () => json({})]);
    const error = await transport.send({ method: "POST", path: "/x" }, null, "client").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectivityError);
    expect((error as ConnectivityError).diagnostics).toMatchObject({ apiRoot: "OK", health: "OK" });
    expect(waits).toEqual([]);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("says so when the browser is offline", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const { transport } = setup([networkFailure]);
    await expect(transport.send({ method: "POST", path: "/x" }, null, "client")).rejects.toBeInstanceOf(OfflineError);
  });

  it("waits Retry-After seconds after a 429, then retries", async () => {
    const { transport, waits } = setup([() => new Response("slow down", { status: 200, headers: { "x-stack-actual-status": "429", "retry-after": "7" } }), () => json({ ok: true })]);
    await transport.send({ method: "POST", path: "/x" }, null, "client");
    expect(waits).toEqual([7000]);
  });

  it("retries a 508 with the loop marker, and throws other failures at once", async () => {
    const { transport, waits } = setup([
      () => new Response("INFINITE_LOOP_DETECTED", { status: 508 }),
      () => json({ ok: true }),
      () => new Response("Session not found.", { status: 200, headers: { "x-stack-actual-status": "404" } }),
    ]);
    await transport.send({ method: "POST", path: "/x" }, null, "client");
    expect(waits).toEqual([1000]);
    const error = await transport.send({ method: "GET", path: "/y" }, null, "client").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, body: "Session not found." });
  });
});

describe("retry policy", () => {
  it("multiplies the exponential delay by a factor from 0.5 to 1.5", () => {
    expect(retryDelayMs(0, () => 0)).toBe(500);
    expect(retryDelayMs(0, () => 0.999999)).toBeCloseTo(1500, 0);
    expect(retryDelayMs(3, () => 0.5)).toBe(8000);
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
  });
});
