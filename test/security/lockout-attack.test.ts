/**
 * The lockout holds across processes: 1,000 wrong passwords for one account, from many client
 * addresses, split across two server processes on one PostgreSQL database.
 */
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../support/server-process.js";

const keys = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_lockout_attack_publishable_000000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_lockout_attack_secret_00000000000000000000000000",
  LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 9).toString("base64"),
  LATCHKEY_TRUST_PROXY: "1",
};

function call(base: string, path: string, access: "client" | "server", body: unknown, ip: string) {
  return fetch(`${base}/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": access,
      "x-stack-project-id": "internal",
      "x-stack-publishable-client-key": keys.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY,
      "x-stack-secret-server-key": keys.LATCHKEY_INTERNAL_SECRET_SERVER_KEY,
      "x-forwarded-for": ip,
    },
    body: JSON.stringify(body),
  });
}

describe("account lockout under a distributed attack on PostgreSQL", () => {
  it("locks the account after 10 failures and never lets the attacker in", async () => {
    await using first = await startServerProcess("postgres", keys);
    await using second = await startServerProcess("postgres", keys, { sharedDatabaseUrl: first.databaseUrl });
    const created = await call(first.url, "/users", "server", { primary_email: "target@example.com", primary_email_auth_enabled: true, password: "correct horse 42" }, "192.0.2.1");
    expect(created.status).toBe(201);

    const outcomes = { mismatch: 0, locked: 0, signedIn: 0, other: 0 };
    const attempts = Array.from({ length: 1000 }, (_, i) => i);
    const concurrency = 20;
    for (let start = 0; start < attempts.length; start += concurrency) {
      await Promise.all(
        attempts.slice(start, start + concurrency).map(async (i) => {
          const server = i % 2 === 0 ? first : second;
          const ip = `198.18.${Math.floor(i / 250)}.${i % 250}`;
          const res = await call(server.url, "/auth/password/sign-in", "client", { email: "target@example.com", password: `guess number ${i}` }, ip);
          if (res.status === 200) outcomes.signedIn++;
          else if (res.status === 429) outcomes.locked++;
          else if (res.headers.get("x-stack-known-error") === "EMAIL_PASSWORD_MISMATCH") outcomes.mismatch++;
          else outcomes.other++;
        }),
      );
    }
    expect(outcomes.signedIn).toBe(0);
    expect(outcomes.other).toBe(0);
    // Every attempt is counted before its check, atomically across both processes: exactly 10 are checked.
    expect(outcomes.mismatch).toBe(10);
    expect(outcomes.locked).toBe(1000 - outcomes.mismatch);

    const owner = await call(second.url, "/auth/password/sign-in", "client", { email: "target@example.com", password: "correct horse 42" }, "192.0.2.1");
    expect(owner.status).toBe(429);
  }, 120_000);
});
