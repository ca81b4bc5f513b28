import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieTokenStore, type CookieJar } from "./cookie-store.js";
import { tokensFromRequest } from "./request-store.js";
import { memoryTokenStore } from "./token-store.js";

/** A cookie jar that records what is written and answers like `document.cookie`. */
function fakeJar() {
  const values = new Map<string, string>();
  const writes: string[] = [];
  const jar: CookieJar = {
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair] = text.split(";");
      const [name, value] = pair!.split("=") as [string, string];
      if (/max-age=0(;|$)/.test(text)) values.delete(name);
      else values.set(name, value);
    },
  };
  return { jar, values, writes };
}

describe("token stores", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("memory: keeps tokens and tells listeners of changes only", () => {
    const store = memoryTokenStore();
    const seen = vi.fn();
    store.onChange(seen);
    store.set({ accessToken: "a", refreshToken: "r" });
    store.set({ accessToken: "a", refreshToken: "r" });
    expect(store.get()).toEqual({ accessToken: "a", refreshToken: "r" });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("cookie: writes stack-refresh-<project> for 1 year and stack-access as [refresh, access] for 1 day", () => {
    const { jar, values, writes } = fakeJar();
    const store = cookieTokenStore("p1", jar, true);
    store.set({ accessToken: "acc", refreshToken: "ref" });
    expect(values.get("stack-refresh-p1")).toBe("ref");
    expect(decodeURIComponent(values.get("stack-access")!)).toBe(JSON.stringify(["ref", "acc"]));
    expect(writes.find((w) => w.startsWith("stack-refresh-p1="))).toContain("max-age=31536000");
    expect(writes.find((w) => w.startsWith("stack-access="))).toContain("max-age=86400");
    expect(writes.find((w) => w.startsWith("stack-is-https="))).toContain("secure");
    store.set({ accessToken: null, refreshToken: null });
    expect(values.has("stack-refresh-p1")).toBe(false);
    expect(values.has("stack-access")).toBe(false);
  });

  it("cookie: reads an access token only together with its own refresh token", () => {
    const { jar, values } = fakeJar();
    values.set("stack-refresh-p1", "ref");
    values.set("stack-access", encodeURIComponent(JSON.stringify(["other", "acc"])));
    expect(cookieTokenStore("p1", jar, false).get()).toEqual({ refreshToken: "ref", accessToken: null });
  });

  it("cookie: picks up changes made by another tab within 100 ms", () => {
    const { jar, values } = fakeJar();
    const store = cookieTokenStore("p2", jar, false);
    const seen = vi.fn();
    store.onChange(seen);
    values.set("stack-refresh-p2", "from-other-tab");
    vi.advanceTimersByTime(99);
    expect(seen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(store.get().refreshToken).toBe("from-other-tab");
  });

  it("request: reads the x-stack-auth header, else the cookies", () => {
    const headers = (entries: Record<string, string>) => ({ headers: { get: (name: string) => entries[name] ?? null } });
    expect(tokensFromRequest(headers({ "x-stack-auth": JSON.stringify({ accessToken: "a", refreshToken: "r" }) }), "p")).toEqual({ accessToken: "a", refreshToken: "r" });
    const cookie = `stack-refresh-p=r; stack-access=${encodeURIComponent(JSON.stringify(["r", "a"]))}`;
    expect(tokensFromRequest(headers({ cookie }), "p")).toEqual({ accessToken: "a", refreshToken: "r" });
    expect(() => tokensFromRequest(headers({ "x-stack-auth": "not json" }), "p")).toThrow(/x-stack-auth/);
  });
});
