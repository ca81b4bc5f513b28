import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const password = "the right one 1";

async function userIn(lk: TestInstance, project: ProjectCredentials, email: string) {
  const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: email, primary_email_auth_enabled: true, password } });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

const signIn = (lk: TestInstance, project: ProjectCredentials, email: string, pw: string, ip?: string) =>
  lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: pw }, headers: ip ? { "x-forwarded-for": ip } : {} });

describe.each(testDialects)("abuse limits on %s", (dialect) => {
  it("locks an account after 10 failed sign-ins, even against the right password, with a doubling wait", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await userIn(lk, project, "ada@example.com");
    for (let i = 0; i < 10; i++) expect((await signIn(lk, project, "ada@example.com", `wrong ${i} guess`)).body.code).toBe("EMAIL_PASSWORD_MISMATCH");
    const locked = await signIn(lk, project, "ada@example.com", password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("60");

    lk.clock.advance(60_000);
    expect((await signIn(lk, project, "ada@example.com", "wrong again!")).body.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await signIn(lk, project, "ada@example.com", password)).headers.get("retry-after")).toBe("120");
    lk.clock.advance(120_000);
    expect((await signIn(lk, project, "ada@example.com", password)).status).toBe(200);
    expect((await signIn(lk, project, "ada@example.com", "wrong after success")).body.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await signIn(lk, project, "ada@example.com", password)).status).toBe(200);
  });

  it("locks unknown addresses the same way, so lockout tells nothing about who exists", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    for (let i = 0; i < 10; i++) await signIn(lk, project, "nobody@example.com", `guess ${i} here`);
    const locked = await signIn(lk, project, "nobody@example.com", "guess 11 here");
    expect([locked.status, locked.headers.get("retry-after")]).toEqual([429, "60"]);
  });

  it("counts wrong second factors towards the lockout", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await userIn(lk, project, "totp@example.com");
    await lk.call("PATCH", `/users/${user.id}`, { access: "server", project, body: { totp_secret_base64: randomBytes(20).toString("base64") } });
    for (let round = 0; round < 2; round++) {
      const attempt = (await signIn(lk, project, "totp@example.com", password)).body.details.attempt_code;
      for (let i = 0; i < 5; i++) {
        const wrong = await lk.call("POST", "/auth/mfa/sign-in", { access: "client", project, body: { type: "totp", totp: "000000", code: attempt } });
        expect(wrong.body.code).toBe("INVALID_TOTP_CODE");
      }
    }
    expect((await signIn(lk, project, "totp@example.com", password)).status).toBe(429);
  });

  it("limits sign-ins per client address behind a trusted proxy, loopback included", async () => {
    await using lk = await createTestInstance(dialect, { trustProxy: { kind: "hops", hops: 1 } });
    const project = await lk.createProject();
    for (let i = 0; i < 60; i++) expect((await signIn(lk, project, `u${i}@example.com`, "some password", "203.0.113.7")).status).toBe(400);
    const limited = await signIn(lk, project, "u60@example.com", "some password", "203.0.113.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn(lk, project, "u61@example.com", "some password", "198.51.100.9")).status).toBe(400);
    for (let i = 0; i < 60; i++) expect((await signIn(lk, project, `l${i}@example.com`, "some password", "127.0.0.1")).status).toBe(400);
    expect((await signIn(lk, project, "l60@example.com", "some password", "127.0.0.1")).status).toBe(429);
  });
});
