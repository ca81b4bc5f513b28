/** The floors under imported password hashes (OWASP's), and that our own hashes clear them. */
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../passwords.js";
import { storedFormOf } from "./foreign-hashes.js";
import { weakHashReason } from "./hash-strength.js";

const argon2 = (params: string) => `$argon2id$v=19$${params}$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA`;

describe("imported hash strength", () => {
  it("passes our own argon2id and OWASP's equal-strength settings, and refuses cheaper ones", async () => {
    expect(weakHashReason(await hashPassword("a password of ours"))).toBeNull();
    for (const params of ["m=47104,t=1,p=1", "m=19456,t=2,p=1", "m=12288,t=3,p=1", "m=9216,t=4,p=1", "m=7168,t=5,p=2", "m=65536,t=3,p=4"]) {
      expect(weakHashReason(argon2(params)), params).toBeNull();
    }
    expect(weakHashReason(argon2("m=1,t=1,p=1"))).toBe("argon2 parameters m=1,t=1,p=1 are below the minimum (m=19456,t=2,p=1 or an OWASP equivalent such as m=47104,t=1 or m=7168,t=5)");
    for (const params of ["m=19456,t=1,p=1", "m=47103,t=1,p=1", "m=7168,t=4,p=1", "m=4096,t=20,p=1"]) expect(weakHashReason(argon2(params)), params).toMatch(/^argon2 parameters /);
  });

  it("refuses bcrypt under cost 10 and Django PBKDF2 under 600,000 iterations, in words without the hash", () => {
    const low = bcrypt.hashSync("pw", 4);
    expect(weakHashReason(low)).toBe("bcrypt cost 4 is below the minimum of 10");
    expect(weakHashReason(low.replace("$04$", "$10$"))).toBeNull();
    expect(weakHashReason("pbkdf2_sha256$260000$salt$aGFzaA==")).toBe("PBKDF2 iterations 260000 are below the minimum of 600000");
    expect(weakHashReason("pbkdf2_sha256$600000$salt$aGFzaA==")).toBeNull();
    // Kinds whose cost is fixed (Better Auth) or the source project's (Firebase) are not judged.
    expect(weakHashReason(storedFormOf({ hash: `${"ab".repeat(16)}:${"cd".repeat(64)}` }, null))).toBeNull();
  });
});
