/**
 * Issue 35, finding 12: a server-rendering app calls for all its users from one address, so the
 * per-address limits (sign-in 60/min…) counted every user against the app server's address. A caller
 * holding the secret server key (or admin key) now names the end user's address in
 * `x-latchkey-end-user-ip` and is counted as that address; without such a key the header is ignored.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const APP_SERVER = "198.51.100.40";

/** A password sign-in from the app server's socket, with the given access and named end-user address. */
type Access = "client" | "server" | "client with the server key";

async function signIn(lk: TestInstance, project: ProjectCredentials, access: Access, i: number, endUserIp?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-stack-access-type": access === "server" ? "server" : "client",
    "x-stack-project-id": project.id,
    "x-stack-publishable-client-key": project.keys.publishableClientKey,
    ...(access !== "client" && { "x-stack-secret-server-key": project.keys.secretServerKey }),
    ...(endUserIp !== undefined && { "x-latchkey-end-user-ip": endUserIp }),
  };
  const body = JSON.stringify({ email: `u${i}@example.com`, password: "some password" });
  const incoming = { socket: { remoteAddress: APP_SERVER }, headers };
  const res = await lk.app.request("/api/v1/auth/password/sign-in", { method: "POST", headers, body }, { incoming });
  return { status: res.status, text: await res.text() };
}

/** 60 sign-ins (the per-address allowance per minute), each expected to be refused as a wrong password. */
async function useAllowance(lk: TestInstance, project: ProjectCredentials, access: Access, endUserIp: (i: number) => string | undefined) {
  for (let i = 0; i < 60; i++) expect((await signIn(lk, project, access, i, endUserIp(i))).status).toBe(400);
}

describe.each(testDialects)("end-user address named by a server on %s", (dialect) => {
  it("with the secret server key, each named address has its own allowance, apart from the app server's", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    await useAllowance(lk, project, "server", () => "203.0.113.1");
    expect((await signIn(lk, project, "server", 60, "203.0.113.1")).status).toBe(429);
    // Another end user of the same app is not limited by the first one's attempts…
    expect((await signIn(lk, project, "server", 61, "203.0.113.2")).status).toBe(400);
    expect((await signIn(lk, project, "server", 62, "2001:db8:1::5")).status).toBe(400);
    // …nor is the app server's own address.
    expect((await signIn(lk, project, "server", 63)).status).toBe(400);
  });

  it("a server app's client calls (sign-in) that also present the secret server key are counted per named address", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    await useAllowance(lk, project, "client with the server key", () => "203.0.113.7");
    expect((await signIn(lk, project, "client with the server key", 60, "203.0.113.7")).status).toBe(429);
    expect((await signIn(lk, project, "client with the server key", 61, "203.0.113.8")).status).toBe(400);
    // A wrong server key next to the header is refused, not ignored.
    const wrongKey = { ...project, keys: { ...project.keys, secretServerKey: "ssk_wrong" } };
    expect((await signIn(lk, wrongKey, "client with the server key", 62, "203.0.113.9")).text).toContain("INVALID_SECRET_SERVER_KEY");
  });

  it("without the secret server key the header is ignored: the socket's address is counted", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    await useAllowance(lk, project, "client", (i) => `192.0.2.${i + 1}`);
    expect((await signIn(lk, project, "client", 60, "192.0.2.200")).status).toBe(429);
  });

  it("refuses a named address that is not one IP address", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    for (const bad of ["not-an-ip", "203.0.113.1, 203.0.113.2", "203.0.113.1:8080", "fe80::1%eth0", "999.1.1.1"]) {
      expect(await signIn(lk, project, "server", 0, bad)).toEqual({ status: 400, text: "The x-latchkey-end-user-ip header must be one IPv4 or IPv6 address." });
    }
  });
});
