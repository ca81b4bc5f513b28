/** Verification codes: creation, single use, expiry, per-nonce attempt limits, concurrency and isolation. */
import { describe, expect, it } from "vitest";
import type { KnownErrorCode } from "../../contract/known-error.js";
import { testDialects } from "../../test/support/databases.js";
import { createTestInstance } from "../../test/support/instance.js";
import { verificationCodeQueries } from "../db/queries/verification-codes.js";
import { hashSecret } from "./secrets.js";
import { createVerificationCode, useVerificationCode, type CreatedVerificationCode } from "./verification-codes.js";

const HOUR = 3_600_000;
const purpose = "password-reset";

async function rejectsWith(promise: Promise<unknown>, code: KnownErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "KnownError", code });
}

/** The same nonce with a different OTP: a wrong guess at the 6 characters from the e-mail. */
function wrongGuess(created: CreatedVerificationCode, n = 0): string {
  const otp = created.code.slice(0, 6);
  const guess = n.toString(32).padStart(6, "0").replace(/[ilou]/g, "z");
  return (guess === otp ? "zzzzzz" : guess) + created.nonce;
}

describe.each(testDialects)("verification codes on %s", (dialect) => {
  async function setup() {
    const lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const create = (overrides: { purpose?: string; projectId?: string; data?: Record<string, unknown>; ttlMs?: number } = {}) =>
      createVerificationCode(lk.deps, { projectId: project.id, purpose, data: {}, ttlMs: HOUR, ...overrides });
    const use = <D extends Record<string, unknown>>(code: string, options: { maxAttempts?: number; consume?: boolean; projectId?: string; purpose?: string } = {}) =>
      useVerificationCode<D>(lk.deps, { projectId: project.id, purpose, code, ...options });
    const attemptsOf = async (created: CreatedVerificationCode) =>
      (await verificationCodeQueries(lk.deps.store).findByCodeHash(project.id, purpose, hashSecret(created.code)))!.attempts;
    return Object.assign(lk, { project, create, use, attemptsOf });
  }

  it("creates a 45-character code whose OTP and nonce make it up, and returns the data on use", async () => {
    await using lk = await setup();
    const created = await lk.create({ data: { userId: "u1", email: "a@example.com" } });
    expect(created.code).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    expect(created.otp).toBe(created.code.slice(0, 6).toUpperCase());
    expect(created.nonce).toBe(created.code.slice(6));
    expect(created.expiresAt.getTime()).toBe(lk.clock.now().getTime() + HOUR);

    const row = await lk.use<{ userId: string; email: string }>(created.code);
    expect(row.id).toBe(created.id);
    expect(row.data).toEqual({ userId: "u1", email: "a@example.com" });
    expect(row.data.email).toBe("a@example.com");
    expect(row.usedAt).toEqual(lk.clock.now());
  });

  it("accepts the code in upper case, and as OTP + nonce", async () => {
    await using lk = await setup();
    const first = await lk.create();
    await expect(lk.use(first.code.toUpperCase())).resolves.toMatchObject({ id: first.id });
    const second = await lk.create();
    await expect(lk.use(second.otp + second.nonce)).resolves.toMatchObject({ id: second.id });
  });

  it("can be used once", async () => {
    await using lk = await setup();
    const created = await lk.create();
    await lk.use(created.code);
    await rejectsWith(lk.use(created.code), "VERIFICATION_CODE_ALREADY_USED");
  });

  it("expires when its lifetime is over", async () => {
    await using lk = await setup();
    const early = await lk.create();
    const late = await lk.create();
    lk.clock.advance(HOUR - 1);
    await lk.use(early.code);
    lk.clock.advance(1);
    await rejectsWith(lk.use(late.code), "VERIFICATION_CODE_EXPIRED");
  });

  it("checks in order: expired before used, used before locked", async () => {
    await using lk = await setup();
    const expiredAndUsed = await lk.create();
    await lk.use(expiredAndUsed.code);
    const usedAndLocked = await lk.create({ ttlMs: 2 * HOUR });
    await lk.use(usedAndLocked.code);
    for (let i = 0; i < 4; i++) await lk.use(wrongGuess(usedAndLocked, i), { maxAttempts: 3 }).catch(() => {});
    lk.clock.advance(HOUR);
    await rejectsWith(lk.use(expiredAndUsed.code), "VERIFICATION_CODE_EXPIRED");
    await rejectsWith(lk.use(usedAndLocked.code, { maxAttempts: 3 }), "VERIFICATION_CODE_ALREADY_USED");
  });

  it("counts a wrong OTP against a real nonce, and nothing for an unknown nonce or the right code", async () => {
    await using lk = await setup();
    const created = await lk.create();
    await rejectsWith(lk.use(wrongGuess(created)), "VERIFICATION_CODE_NOT_FOUND");
    expect(await lk.attemptsOf(created)).toBe(1);
    await rejectsWith(lk.use(wrongGuess(created).slice(0, 6) + "0".repeat(39)), "VERIFICATION_CODE_NOT_FOUND");
    await lk.use(created.code, { consume: false });
    expect(await lk.attemptsOf(created)).toBe(1);
  });

  it("locks the nonce after N wrong submissions: the right code is refused afterwards", async () => {
    await using lk = await setup();
    const created = await lk.create();
    for (let i = 0; i < 5; i++) await rejectsWith(lk.use(wrongGuess(created, i), { maxAttempts: 5 }), "VERIFICATION_CODE_NOT_FOUND");
    await rejectsWith(lk.use(wrongGuess(created, 5), { maxAttempts: 5 }), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    await rejectsWith(lk.use(created.code, { maxAttempts: 5 }), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    await rejectsWith(lk.use(created.code, { maxAttempts: 5, consume: false }), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("takes the right code after N-1 wrong ones but not after N", async () => {
    await using lk = await setup();
    const almost = await lk.create();
    const locked = await lk.create();
    for (let i = 0; i < 4; i++) await lk.use(wrongGuess(almost, i), { maxAttempts: 5 }).catch(() => {});
    for (let i = 0; i < 5; i++) await lk.use(wrongGuess(locked, i), { maxAttempts: 5 }).catch(() => {});
    await expect(lk.use(almost.code, { maxAttempts: 5 })).resolves.toMatchObject({ id: almost.id });
    await rejectsWith(lk.use(locked.code, { maxAttempts: 5 }), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("tolerates 20 wrong submissions by default", async () => {
    await using lk = await setup();
    const created = await lk.create();
    for (let i = 0; i < 20; i++) await rejectsWith(lk.use(wrongGuess(created, i)), "VERIFICATION_CODE_NOT_FOUND");
    await rejectsWith(lk.use(wrongGuess(created, 20)), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("checks without consuming, and correct checks never lock the code", async () => {
    await using lk = await setup();
    const created = await lk.create({ data: { n: 1 } });
    for (let i = 0; i < 8; i++) {
      await expect(lk.use(created.code, { consume: false, maxAttempts: 5 })).resolves.toMatchObject({ data: { n: 1 }, usedAt: null });
    }
    await rejectsWith(lk.use(wrongGuess(created), { consume: false, maxAttempts: 5 }), "VERIFICATION_CODE_NOT_FOUND");
    expect(await lk.attemptsOf(created)).toBe(1);
    await expect(lk.use(created.code, { maxAttempts: 5 })).resolves.toMatchObject({ id: created.id });
  });

  it("lets exactly one of 20 concurrent uses succeed", async () => {
    await using lk = await setup();
    const created = await lk.create();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => lk.use(created.code)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "VERIFICATION_CODE_ALREADY_USED" });
  });

  it("consumes inside a transaction, and a rolled-back transaction leaves the code usable", async () => {
    await using lk = await setup();
    const created = await lk.create();
    const failure = new Error("the action failed");
    await expect(lk.deps.store.transaction(async (tx) => {
      await useVerificationCode(lk.deps, { projectId: lk.project.id, purpose, code: created.code, db: tx });
      throw failure;
    })).rejects.toBe(failure);
    const row = await lk.deps.store.transaction((tx) =>
      useVerificationCode(lk.deps, { projectId: lk.project.id, purpose, code: created.code, db: tx }));
    expect(row.id).toBe(created.id);
    await rejectsWith(lk.use(created.code), "VERIFICATION_CODE_ALREADY_USED");
  });

  it("keeps codes to their project and purpose, attempts included", async () => {
    await using lk = await setup();
    const other = await lk.createProject();
    const created = await lk.create();
    await rejectsWith(lk.use(created.code, { projectId: other.id }), "VERIFICATION_CODE_NOT_FOUND");
    await rejectsWith(lk.use(created.code, { purpose: "email-verification" }), "VERIFICATION_CODE_NOT_FOUND");
    for (let i = 0; i < 25; i++) {
      await rejectsWith(lk.use(wrongGuess(created, i), { projectId: other.id }), "VERIFICATION_CODE_NOT_FOUND");
    }
    expect(await lk.attemptsOf(created)).toBe(0);
    await expect(lk.use(created.code)).resolves.toMatchObject({ id: created.id, projectId: lk.project.id });
  });

  it("stores neither the code nor the nonce in clear", async () => {
    await using lk = await setup();
    const created = await lk.create({ data: { email: "a@example.com" } });
    const dump = await lk.dumpDatabaseText();
    expect(dump).toContain(hashSecret(created.code));
    expect(dump).not.toContain(created.code);
    expect(dump).not.toContain(created.nonce);
  });

  it("deletes expired codes in housekeeping", async () => {
    await using lk = await setup();
    const short = await lk.create({ ttlMs: 1000 });
    const long = await lk.create({ ttlMs: HOUR });
    lk.clock.advance(2000);
    expect(await verificationCodeQueries(lk.deps.store).deleteExpired(lk.clock.now())).toBe(1);
    await rejectsWith(lk.use(short.code), "VERIFICATION_CODE_NOT_FOUND");
    await expect(lk.use(long.code)).resolves.toMatchObject({ id: long.id });
  });
});
