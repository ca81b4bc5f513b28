/**
 * Issue 18, finding 6: with LATCHKEY_TRUST_PROXY on, a client-written `X-Forwarded-For: 127.0.0.1`
 * switched the per-address limits off, and without it a local reverse proxy (a loopback peer) disabled
 * them for everyone. Trusted proxies are now declared (a hop count or addresses), the client address is
 * read from the right of the chain, and no address is exempt from the limits.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.js";
import { AddressRanges, clientAddress, limitKeyOf, parseTrustedProxies, type TrustedProxies } from "../../../server/services/net/addresses.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

/** A sign-in as it arrives from the socket `peer` with the given X-Forwarded-For. */
async function signIn(lk: TestInstance, project: ProjectCredentials, i: number, peer: string, forwardedFor?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": project.id,
    "x-stack-publishable-client-key": project.keys.publishableClientKey,
  };
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  const body = JSON.stringify({ email: `u${i}@example.com`, password: "some password" });
  // Served by Node, the adapter reads the socket and the parsed headers of `incoming`.
  const incoming = { socket: { remoteAddress: peer }, headers };
  const res = await lk.app.request("/api/v1/auth/password/sign-in", { method: "POST", headers, body }, { incoming });
  return res.status;
}

/** Sends 60 sign-ins (the per-address allowance per minute) and returns the status of the 61st. */
async function sixtyFirst(lk: TestInstance, project: ProjectCredentials, peer: string, forwardedFor?: (i: number) => string) {
  for (let i = 0; i < 60; i++) expect(await signIn(lk, project, i, peer, forwardedFor?.(i))).toBe(400);
  return signIn(lk, project, 60, peer, forwardedFor?.(60));
}

describe.each(testDialects)("proxy trust and per-address limits on %s", (dialect) => {
  it("a client-written X-Forwarded-For: 127.0.0.1 does not switch the limits off", async () => {
    await using lk = await createTestInstance(dialect, { trustProxy: parseTrustedProxies("1") });
    const project = await lk.createProject();
    expect(await sixtyFirst(lk, project, "198.51.100.20", () => "127.0.0.1")).toBe(429);
  });

  it("a loopback peer (a local proxy not declared) is limited like any address", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expect(await sixtyFirst(lk, project, "::ffff:127.0.0.1")).toBe(429);
  });

  it("trusted proxies by address: spoofed entries left of the client are ignored, each client has its own allowance", async () => {
    await using lk = await createTestInstance(dialect, { trustProxy: parseTrustedProxies("10.0.0.0/8, ::1") });
    const project = await lk.createProject();
    // The client rotates what it writes; the proxy at 10.0.0.7 appends the real address.
    expect(await sixtyFirst(lk, project, "10.0.0.5", (i) => `192.0.2.${i}, 203.0.113.9, 10.0.0.7`)).toBe(429);
    expect(await signIn(lk, project, 61, "10.0.0.5", "203.0.113.10, 10.0.0.7")).toBe(400);
    // A peer that is not a trusted proxy is the client, whatever it writes.
    expect(await sixtyFirst(lk, project, "198.51.100.30", (i) => `203.0.113.${100 + i}`)).toBe(429);
  });
});

describe("clientAddress", () => {
  const hops = (n: number): TrustedProxies => ({ kind: "hops", hops: n });
  const ranges = (...entries: string[]): TrustedProxies => ({ kind: "addresses", ranges: new AddressRanges(entries) });

  it("takes the client from the right of the chain", () => {
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2, 3.3.3.3", { kind: "none" })).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2, 3.3.3.3", hops(1))).toBe("3.3.3.3");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2, 3.3.3.3", hops(2))).toBe("2.2.2.2");
    expect(clientAddress("10.0.0.1", "2.2.2.2", hops(3))).toBe("2.2.2.2");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 10.0.0.2, 10.0.0.3", ranges("10.0.0.0/8"))).toBe("1.1.1.1");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2, 10.0.0.3", ranges("10.0.0.0/8"))).toBe("2.2.2.2");
    expect(clientAddress("9.9.9.9", "1.1.1.1", ranges("10.0.0.0/8"))).toBe("9.9.9.9");
    expect(clientAddress(null, "1.1.1.1", ranges("10.0.0.0/8"))).toBeNull();
  });

  it("reads ports, brackets and IPv4-mapped addresses, and never takes garbage as the client", () => {
    expect(clientAddress("::ffff:10.0.0.1", "[2001:DB8:0::1]:443", ranges("10.0.0.0/8"))).toBe("2001:db8::1");
    expect(clientAddress("10.0.0.1", "203.0.113.5:5000", hops(1))).toBe("203.0.113.5");
    expect(clientAddress("10.0.0.1", "unknown", hops(1))).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "1.1.1.1, not-an-ip, 10.0.0.2", ranges("10.0.0.0/8"))).toBe("10.0.0.2");
  });

  it("counts IPv6 clients per /64", () => {
    expect(limitKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("203.0.113.5")).toBe("203.0.113.5");
  });
});

describe("LATCHKEY_TRUST_PROXY", () => {
  const trust = (value?: string) => loadConfig({ LATCHKEY_TRUST_PROXY: value }).trustProxy;
  it("is a hop count or a list of addresses and ranges; `true` and malformed entries are refused", () => {
    expect(trust()).toEqual({ kind: "none" });
    expect(trust("0")).toEqual({ kind: "none" });
    expect(trust("2")).toEqual({ kind: "hops", hops: 2 });
    const list = trust("10.0.0.0/8, 192.0.2.1, fd00::/8");
    expect(list.kind === "addresses" && list.ranges.has("fd00::5") && list.ranges.has("192.0.2.1") && !list.ranges.has("192.0.2.2")).toBe(true);
    expect(() => trust("true")).toThrow(/ambiguous/);
    expect(() => trust("10.0.0.0/33")).toThrow(/CIDR/);
    expect(() => trust("proxy.local")).toThrow(/CIDR/);
  });
});
