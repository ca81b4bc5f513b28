/**
 * Issue 18, finding 4: after a successful password reset or change, the user's other outstanding reset
 * codes still worked. A new password now revokes them all (reset, change, set, or a server's update), and
 * a reset ends every session of the user.
 */
import { describe, expect, it } from "vitest";
import { PASSWORD_RESET } from "../../../server/services/password-auth.js";
import { createVerificationCode } from "../../../server/services/verification-codes.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const first = "first secret 123";

async function userWithPassword(lk: TestInstance, project: ProjectCredentials) {
  const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: first } });
  return created.body.id as string;
}

/** A reset code as the reset mail carries it. */
async function resetCode(lk: TestInstance, project: ProjectCredentials, userId: string) {
  return (await createVerificationCode(lk.deps, { projectId: project.id, purpose: PASSWORD_RESET, userId, data: { email: "ada@example.com" }, ttlMs: 3_600_000 })).code;
}

const signIn = (lk: TestInstance, project: ProjectCredentials, password: string) =>
  lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password } });
const reset = (lk: TestInstance, project: ProjectCredentials, code: string, password: string) =>
  lk.call("POST", "/auth/password/reset", { access: "client", project, body: { code, password } });

describe.each(testDialects)("outstanding reset codes on %s", (dialect) => {
  it("a reset revokes the other reset codes and ends every session", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await userWithPassword(lk, project);
    const session = await signIn(lk, project, first);
    const [used, stolen] = [await resetCode(lk, project, userId), await resetCode(lk, project, userId)];

    expect((await reset(lk, project, used, "second secret 456")).status).toBe(200);
    const replay = await reset(lk, project, stolen, "attacker secret 789");
    expect(replay.body.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await signIn(lk, project, "second secret 456")).status).toBe(200);
    const refreshed = await lk.call("POST", "/auth/oauth/token", {
      form: true,
      body: { grant_type: "refresh_token", refresh_token: session.body.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey },
    });
    expect(refreshed.body.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("a password change revokes outstanding reset codes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await userWithPassword(lk, project);
    const stolen = await resetCode(lk, project, userId);
    const session = await signIn(lk, project, first);
    const changed = await lk.call("POST", "/auth/password/update", {
      access: "client", project, headers: { "x-stack-access-token": session.body.access_token }, body: { old_password: first, new_password: "second secret 456" },
    });
    expect(changed.status).toBe(200);
    expect((await reset(lk, project, stolen, "attacker secret 789")).body.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("a password set by a server revokes outstanding reset codes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await userWithPassword(lk, project);
    const stolen = await resetCode(lk, project, userId);
    expect((await lk.call("PATCH", `/users/${userId}`, { access: "server", project, body: { password: "second secret 456" } })).status).toBe(200);
    expect((await reset(lk, project, stolen, "attacker secret 789")).body.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});
