/**
 * Foreign password hashes, each made by the system that writes it where we can run it (bcryptjs,
 * Better Auth's own hasher, @node-rs/argon2), by node:crypto the way Django does, and Firebase's
 * published test vector.
 */
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { hash as argon2Hash } from "@node-rs/argon2";
import { hashPassword as betterAuthHash } from "better-auth/crypto";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { checkPassword } from "../passwords.js";
import { ForeignHashError, isForeignHash, storedFormOf, storedHashAlgorithm, verifyForeignHash } from "./foreign-hashes.js";

/** Firebase's own example (github.com/firebase/scrypt README): parameters, salt, password and hash. */
const firebase = {
  parameters: { signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==", saltSeparator: "Bw==", rounds: 8, memCost: 14 },
  salt: "42xEC+ixf3L2lw==",
  password: "user1password",
  hash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
};

/** What Django's PBKDF2PasswordHasher.encode writes. */
function djangoHash(password: string, iterations = 1000): string {
  const salt = randomBytes(12).toString("base64").replace(/[^A-Za-z0-9]/g, "x");
  return `pbkdf2_sha256$${iterations}$${salt}$${pbkdf2Sync(password, salt, iterations, 32, "sha256").toString("base64")}`;
}

describe("foreign password hashes", () => {
  it("checks bcrypt hashes of every prefix", async () => {
    for (const prefix of ["2a", "2b", "2y"]) {
      const stored = storedFormOf({ hash: bcrypt.hashSync("correct horse", 4).replace(/^\$2[aby]/, `$${prefix}`) }, null);
      expect(storedHashAlgorithm(stored)).toBe("bcrypt");
      expect(await verifyForeignHash(stored, "correct horse")).toBe(true);
      expect(await verifyForeignHash(stored, "correct horsE")).toBe(false);
    }
  });

  it("checks Better Auth's scrypt hashes", async () => {
    const written = await betterAuthHash("better auth pässword");
    expect(written).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const stored = storedFormOf({ hash: written }, null);
    expect(stored).toBe(`$better-auth-scrypt$${written}`);
    expect(await verifyForeignHash(stored, "better auth pässword")).toBe(true);
    // Better Auth normalises to NFKC: the decomposed "ä" is the same password.
    expect(await verifyForeignHash(stored, "better auth pa\u0308ssword")).toBe(true);
    expect(await verifyForeignHash(stored, "better auth password")).toBe(false);
  });

  it("checks Firebase's modified scrypt with the project's parameters", async () => {
    const stored = storedFormOf({ hash: firebase.hash, salt: firebase.salt, algorithm: "firebase-scrypt" }, firebase.parameters);
    expect(stored).toMatch(/^\$firebase-scrypt\$r=8,m=14\$Bw==\$/);
    expect(await verifyForeignHash(stored, firebase.password)).toBe(true);
    expect(await verifyForeignHash(stored, "user2password")).toBe(false);
    // The Admin SDK's URL-safe base64 comes to the same stored form.
    const urlSafe = (s: string) => s.replace(/\+/g, "-").replace(/\//g, "_");
    expect(storedFormOf({ hash: urlSafe(firebase.hash), salt: urlSafe(firebase.salt), algorithm: "firebase" }, { ...firebase.parameters, signerKey: urlSafe(firebase.parameters.signerKey) })).toBe(stored);
    // Stored forms are accepted again as they are (an export re-imported).
    expect(storedFormOf({ hash: stored }, null)).toBe(stored);
  });

  it("checks Django's PBKDF2-SHA256 hashes", async () => {
    const stored = storedFormOf({ hash: djangoHash("django pass 123") }, null);
    expect(storedHashAlgorithm(stored)).toBe("django-pbkdf2-sha256");
    expect(await verifyForeignHash(stored, "django pass 123")).toBe(true);
    expect(await verifyForeignHash(stored, "django pass 124")).toBe(false);
  });

  it("accepts argon2i and argon2id PHC strings (checked by the argon2 path)", async () => {
    const argon2i = await argon2Hash("argon two", { algorithm: 1 });
    expect(storedFormOf({ hash: argon2i }, null)).toBe(argon2i);
    expect(storedHashAlgorithm(argon2i)).toBe("argon2");
    expect(isForeignHash(argon2i)).toBe(false);
  });

  it("rejects malformed and unnamed hashes with a reason, never the hash", () => {
    const reject = (input: Parameters<typeof storedFormOf>[0], params: Parameters<typeof storedFormOf>[1] = null) => {
      try {
        storedFormOf(input, params);
      } catch (error) {
        expect(error).toBeInstanceOf(ForeignHashError);
        if (input.hash.length > 8) expect((error as Error).message).not.toContain(input.hash.slice(4));
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(reject({ hash: "$2b$04$tooshort" })).toMatch(/not a bcrypt hash/);
    expect(reject({ hash: bcrypt.hashSync("x", 4).replace("$04$", "$31$") })).toMatch(/cost 31/);
    expect(reject({ hash: "sha1$abc$def" })).toMatch(/no kind we know/);
    expect(reject({ hash: "abc", algorithm: "md5" })).toMatch(/unknown password hash algorithm "md5"/);
    expect(reject({ hash: firebase.hash, salt: firebase.salt, algorithm: "firebase-scrypt" })).toMatch(/needs the project's hash parameters/);
    expect(reject({ hash: firebase.hash, algorithm: "firebase-scrypt" }, firebase.parameters)).toMatch(/needs the user's salt/);
    expect(reject({ hash: "pbkdf2_sha256$99999999$salt$aGFzaA==" })).toMatch(/iterations/);
  });

  it("sign-in checks replace foreign hashes, and argon2 at other parameters, with our argon2id", async () => {
    const stored = [
      bcrypt.hashSync("shared password 1", 4),
      `$better-auth-scrypt$${await betterAuthHash("shared password 1")}`,
      djangoHash("shared password 1"),
      await argon2Hash("shared password 1", { algorithm: 1 }),
      await argon2Hash("shared password 1", { algorithm: 2, memoryCost: 8192, timeCost: 3 }),
    ];
    for (const hash of stored) {
      const check = await checkPassword(hash, "shared password 1");
      expect(check.ok, hash.slice(0, 12)).toBe(true);
      expect(check.rehash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await checkPassword(hash, "shared password 2")).toEqual({ ok: false });
    }
    const firebaseStored = storedFormOf({ hash: firebase.hash, salt: firebase.salt, algorithm: "firebase-scrypt" }, firebase.parameters);
    expect((await checkPassword(firebaseStored, firebase.password)).rehash).toMatch(/^\$argon2id\$/);
    // Our own hash: checked, nothing to replace.
    const ours = (await checkPassword(stored[0], "shared password 1")).rehash!;
    expect(await checkPassword(ours, "shared password 1")).toEqual({ ok: true });
  });
});
