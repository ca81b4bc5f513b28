import { readdirSync, readFileSync } from "node:fs";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import type { KnownError } from "../../contract/known-error.js";
import { assertPasswordPolicy, checkPassword, hashPassword, isSupportedPasswordHash } from "./passwords.js";

describe("passwords", () => {
  it("hashes with argon2id at OWASP parameters and checks", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(stored, "correct horse battery")).toEqual({ ok: true });
    expect(await checkPassword(stored, "wrong horse battery")).toEqual({ ok: false });
    expect(isSupportedPasswordHash(stored)).toBe(true);
  });

  it("hashes on threads below the event loop's CPU priority, and treats a malformed stored hash as a mismatch", async () => {
    const niceOfThreads = () =>
      readdirSync("/proc/self/task").map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      });
    await hashPassword("warm the pool up");
    const hashing = hashPassword("correct horse battery");
    // The thread that hashes was niced when it started; the event loop (this thread) was not.
    expect(niceOfThreads()).toContain(10);
    expect(Number(readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ")[16])).toBe(0);
    expect(await hashing).toMatch(/^\$argon2id\$/);
    expect(await checkPassword("$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtc2FsdA$broken", "anything")).toEqual({ ok: false });
  });

  it("accepts imported bcrypt hashes and offers an argon2id replacement", async () => {
    const imported = await bcrypt.hash("imported password", 4);
    expect(isSupportedPasswordHash(imported)).toBe(true);
    const check = await checkPassword(imported, "imported password");
    expect(check.ok).toBe(true);
    expect(check.rehash).toMatch(/^\$argon2id\$/);
    expect(await checkPassword(imported, "nope")).toEqual({ ok: false });
  });

  it("fails without a stored hash after doing the same work", async () => {
    expect(await checkPassword(null, "anything")).toEqual({ ok: false });
    expect(isSupportedPasswordHash("plaintext")).toBe(false);
  });

  it("enforces 8 to 70 characters with the details clients read", () => {
    const error = (p: string) => {
      try {
        assertPasswordPolicy(p);
        return null;
      } catch (e) {
        return (e as KnownError).toJSON();
      }
    };
    expect(error("short")).toMatchObject({ code: "PASSWORD_TOO_SHORT", details: { min_length: 8 } });
    expect(error("x".repeat(71))).toMatchObject({ code: "PASSWORD_TOO_LONG", details: { maxLength: 70 } });
    expect(error("x".repeat(70))).toBeNull();
    expect(error("x".repeat(8))).toBeNull();
  });
});
