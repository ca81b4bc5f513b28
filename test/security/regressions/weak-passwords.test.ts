/**
 * Issue 35, finding 9: passwords that are not on the common-password list but are guessed at once
 * (`Password1!`, `passw0rd!`, `Summer2024!`, `Welcome1!`, `aaaaaaaa`, `abcdefgh`) were accepted. A
 * password a user picks is now judged by an estimate of the guesses it takes (zxcvbn-ts) as well, and
 * a refusal (PASSWORD_REQUIREMENTS_NOT_MET, which the Stack SDK decodes) names the reason.
 */
import { KnownError as StackKnownError, KnownErrors } from "@stackframe/stack-shared/dist/known-errors";
import { describe, expect, it } from "vitest";
import { PASSWORD_RESET } from "../../../server/services/password-auth.js";
import { createVerificationCode } from "../../../server/services/verification-codes.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const weak: Array<[string, RegExp]> = [
  ["Password1!", /common password or word with only small changes/],
  ["passw0rd!", /common password or word with only small changes/],
  ["Summer2024!", /common password or word with only small changes/],
  ["Welcome1!", /common password or word with only small changes/],
  ["aaaaaaaa", /repeats the same character/],
  ["abcdefgh", /simple sequence of letters or digits/],
  ["qwertyuiop[]", /row of keys|keyboard|commonly used/],
  ["Monkey123!", /common words or passwords with few changes|small changes/],
];
// Four random words, 12+ random characters, and passphrases the other tests use.
const strong = ["lantern orbit cactus velvet", "kX9#mQ2$vL7p", "q7Rz!w4Lp2Vd", "tangerine kettle 42", "correct horse battery staple"];

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string, password: string) {
  return lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password, verification_callback_url: "http://localhost:3000/handler/email-verification" } });
}

describe.each(testDialects)("password strength on %s", (dialect) => {
  // Thirteen sign-ups, five of them hashed: more than the default 20 s on a loaded two-core machine.
  it("refuses easily guessed passwords at sign-up with the reason, and accepts strong ones", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true, "domains.allowLocalhost": true } });
    for (const [password, reason] of weak) {
      const res = await signUp(lk, project, "ada@example.com", password);
      expect([password, res.status, res.body.code]).toEqual([password, 400, "PASSWORD_REQUIREMENTS_NOT_MET"]);
      expect(res.body.details.message, password).toMatch(/^This password is too easy to guess: /);
      expect(res.body.details.message, password).toMatch(reason);
      const decoded = StackKnownError.fromJson(res.body);
      expect(KnownErrors.PasswordRequirementsNotMet.isInstance(decoded)).toBe(true);
      expect(decoded.message).toBe(res.body.details.message);
    }
    for (const [i, password] of strong.entries()) {
      const res = await signUp(lk, project, `user${i}@example.com`, password);
      expect([password, res.status, res.text]).toEqual([password, 200, expect.any(String)]);
    }
  });

  it("refuses them on change and on reset (with a live code) too, and not when the project turned the checks off", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true, "domains.allowLocalhost": true } });
    const good = strong[0]!;
    const signedUp = await signUp(lk, project, "ada@example.com", good);
    const client = { access: "client" as const, project };
    const changed = await lk.call("POST", "/auth/password/update", { ...client, headers: { "x-stack-access-token": signedUp.body.access_token }, body: { old_password: good, new_password: "Summer2024!" } });
    expect([changed.status, changed.body.code]).toEqual([400, "PASSWORD_REQUIREMENTS_NOT_MET"]);
    const { code } = await createVerificationCode(lk.deps, { projectId: project.id, purpose: PASSWORD_RESET, userId: signedUp.body.user_id, data: { email: "ada@example.com" }, ttlMs: 60_000 });
    const reset = await lk.call("POST", "/auth/password/reset", { ...client, body: { code, password: "aaaaaaaa" } });
    expect([reset.status, reset.body.code, reset.body.details?.message, reset.body.details?.rule]).toEqual([400, "PASSWORD_REQUIREMENTS_NOT_MET", expect.stringMatching(/repeats the same character/), "too_guessable"]);
    // The code was not used up by the refusal.
    expect((await lk.call("POST", "/auth/password/reset", { ...client, body: { code, password: strong[1] } })).status).toBe(200);

    const lenient = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true, "domains.allowLocalhost": true, "auth.password.rejectCommonPasswords": false } });
    expect((await signUp(lk, lenient, "bob@example.com", "Summer2024!")).status).toBe(200);
  });
});
