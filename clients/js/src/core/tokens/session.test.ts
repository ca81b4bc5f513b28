import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeJwt } from "../../test-support/jwt.js";
import { Session } from "./session.js";

describe("Session", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const now = () => Date.now();

  it("uses an access token that lives at least 20 s more, without refreshing", async () => {
    const refresh = vi.fn(async () => fakeJwt(now() + 600_000));
    const token = fakeJwt(now() + 21_000);
    const session = new Session({ accessToken: token, refreshToken: "r" }, refresh);
    expect(await session.getLikelyValidTokens()).toEqual({ accessToken: token, refreshToken: "r" });
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes an access token that expires within the 20 s margin", async () => {
    const fresh = fakeJwt(now() + 600_000);
    const refresh = vi.fn(async () => fresh);
    const session = new Session({ accessToken: fakeJwt(now() + 19_000), refreshToken: "r" }, refresh);
    expect(await session.getLikelyValidTokens()).toEqual({ accessToken: fresh, refreshToken: "r" });
    expect(refresh).toHaveBeenCalledWith("r");
  });

  it("shares one refresh among concurrent callers", async () => {
    let resolve!: (token: string) => void;
    const refresh = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const session = new Session({ accessToken: null, refreshToken: "r" }, refresh);
    const calls = [session.getLikelyValidTokens(), session.getLikelyValidTokens(), session.getLikelyValidTokens()];
    const fresh = fakeJwt(now() + 600_000);
    resolve(fresh);
    expect((await Promise.all(calls)).map((t) => t?.accessToken)).toEqual([fresh, fresh, fresh]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("marks the session invalid for good when a refresh yields nothing, and tells listeners", async () => {
    const refresh = vi.fn(async () => null);
    const session = new Session({ accessToken: null, refreshToken: "r" }, refresh);
    const invalidated = vi.fn();
    session.onInvalidate(invalidated);
    expect(await session.getLikelyValidTokens()).toBeNull();
    expect(session.isKnownToBeInvalid()).toBe(true);
    expect(invalidated).toHaveBeenCalledTimes(1);
    expect(await session.getLikelyValidTokens()).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("is invalid from the start with neither token", () => {
    expect(new Session({ accessToken: null, refreshToken: null }, vi.fn()).isKnownToBeInvalid()).toBe(true);
    expect(new Session({ accessToken: null, refreshToken: "r" }, vi.fn()).isKnownToBeInvalid()).toBe(false);
  });

  it("sends no tokens without a refresh token (an access token alone authenticates nothing)", async () => {
    const session = new Session({ accessToken: fakeJwt(now() + 600_000), refreshToken: null }, vi.fn());
    expect(await session.getLikelyValidTokens()).toBeNull();
  });

  it("treats an access token without exp as valid until the maximum date", async () => {
    const refresh = vi.fn(async () => fakeJwt(now() + 600_000));
    const forever = fakeJwt(undefined);
    const session = new Session({ accessToken: forever, refreshToken: "r" }, refresh);
    vi.setSystemTime(new Date("2200-01-01T00:00:00Z"));
    expect((await session.getLikelyValidTokens())?.accessToken).toBe(forever);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes after the server reported the access token invalid (marked expired)", async () => {
    const old = fakeJwt(now() + 600_000);
    const fresh = fakeJwt(now() + 600_000, { n: 2 });
    const refresh = vi.fn(async () => fresh);
    const session = new Session({ accessToken: old, refreshToken: "r" }, refresh);
    session.markAccessTokenExpired(old);
    expect((await session.getLikelyValidTokens())?.accessToken).toBe(fresh);
    session.markAccessTokenExpired(old); // a stale report does not drop the new token
    expect((await session.getLikelyValidTokens())?.accessToken).toBe(fresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("refuses a freshly issued token that does not outlive the margin, and margins of 60 s or more", async () => {
    const session = new Session({ accessToken: null, refreshToken: "r" }, async () => fakeJwt(now() + 10_000));
    await expect(session.getLikelyValidTokens()).rejects.toThrow(/under the required 20000 ms/);
    await expect(session.getLikelyValidTokens(60_000)).rejects.toThrow(/too long/);
  });

  it("forgets the access token when marked invalid (sign-out)", async () => {
    const session = new Session({ accessToken: fakeJwt(now() + 600_000), refreshToken: "r" }, vi.fn());
    const changes: (string | null)[] = [];
    session.onAccessTokenChange((token) => changes.push(token));
    session.markInvalid();
    expect(changes).toEqual([null]);
    expect(await session.getLikelyValidTokens()).toBeNull();
  });
});
