/**
 * Issue 18, finding 2: attempt limits were read before the slow check and written after it, so a burst
 * of concurrent guesses was checked in full (200 passwords; on PostgreSQL 49 TOTP codes on one attempt
 * against a limit of 5). Every attempt is now counted atomically before it is checked. Each burst is
 * split between two servers on one database, as two processes would share it.
 */
import { randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createVerificationCode, useVerificationCode } from "../../../server/services/verification-codes.js";
import { testDialects } from "../../support/databases.js";
import type { ApiResponse } from "../../support/instance.js";
import { callApp, startTwoServers } from "./support/two-servers.js";

const password = "the right one 77";

/** Outcomes by answer: the code of a known error, `ok` for a 2xx, `429` for a refusal to check. */
function tally(responses: ApiResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = res.status < 300 ? "ok" : res.status === 429 ? "429" : String(res.body.code ?? res.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe.each(testDialects)("attempt limits under bursts on %s", (dialect) => {
  it("200 concurrent wrong passwords and the right one: at most 10 are checked, and once locked it never signs in", async () => {
    await using two = await startTwoServers(dialect);
    const project = await two.createProject();
    const created = await callApp(two.apps[0], project, "POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password }, "server");
    expect(created.status).toBe(201);

    const guesses = Array.from({ length: 200 }, (_, i) => `wrong guess ${i}`);
    guesses.splice(randomInt(guesses.length + 1), 0, password);
    const responses = await Promise.all(
      guesses.map((guess, i) => callApp(two.apps[i % 2]!, project, "POST", "/auth/password/sign-in", { email: "ada@example.com", password: guess })),
    );
    const counts = tally(responses);
    const checked = (counts.EMAIL_PASSWORD_MISMATCH ?? 0) + (counts.ok ?? 0);
    expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(checked + (counts["429"] ?? 0), JSON.stringify(counts)).toBe(201);

    // Locked now (unless the right one was among the first ten and cleared the count): the right
    // password is refused until the wait is over.
    if (!counts.ok) expect((await callApp(two.apps[0], project, "POST", "/auth/password/sign-in", { email: "ada@example.com", password })).status).toBe(429);
  });

  it("50 concurrent TOTP guesses on one attempt code: at most 5 are checked", async () => {
    await using two = await startTwoServers(dialect);
    const project = await two.createProject();
    const secret = randomBytes(20);
    const created = await callApp(two.apps[0], project, "POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password, totp_secret_base64: secret.toString("base64") }, "server");
    expect(created.status).toBe(201);
    const first = await callApp(two.apps[0], project, "POST", "/auth/password/sign-in", { email: "ada@example.com", password });
    const attemptCode = first.body.details.attempt_code as string;
    const totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), digits: 6, period: 30 });
    const right = totp.generate({ timestamp: two.clock.now().getTime() });
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");

    const codes = Array.from({ length: 49 }, (_, i) => wrong(i));
    codes.splice(randomInt(codes.length + 1), 0, right);
    const responses = await Promise.all(
      codes.map((totpCode, i) => callApp(two.apps[i % 2]!, project, "POST", "/auth/mfa/sign-in", { type: "totp", totp: totpCode, code: attemptCode })),
    );
    const counts = tally(responses);
    expect((counts.INVALID_TOTP_CODE ?? 0) + (counts.ok ?? 0), JSON.stringify(counts)).toBeLessThanOrEqual(5);
  });

  it("50 concurrent guesses of a verification code with 5 attempts: at most 5 are compared", async () => {
    await using two = await startTwoServers(dialect);
    const project = await two.createProject();
    const created = await createVerificationCode(two.deps, { projectId: project.id, purpose: "otp-sign-in", data: {}, ttlMs: 600_000 });
    // Same nonce, another OTP: what someone who asked for the mail but never saw it would send.
    const guesses = Array.from({ length: 49 }, (_, i) => (i.toString(32).padStart(6, "z") + created.nonce));
    guesses.splice(randomInt(guesses.length + 1), 0, created.code);
    const outcomes = await Promise.all(
      guesses.map((code) =>
        useVerificationCode(two.deps, { projectId: project.id, purpose: "otp-sign-in", code, maxAttempts: 5 }).then(
          () => "ok",
          (error: { code: string }) => error.code,
        ),
      ),
    );
    const compared = outcomes.filter((o) => o === "ok" || o === "VERIFICATION_CODE_NOT_FOUND").length;
    expect(compared, outcomes.join(" ")).toBeLessThanOrEqual(5);
  });
});
