/** Notification preferences as a client (only `me`) and a server (any user), and the sent log's errors. */
import { describe, expect, it } from "vitest";
import { createJobRunner } from "../../../../server/services/jobs/runner.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { ownSmtp, startHeaderSink } from "./sending-support.js";

const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", {
    access: "client",
    project,
    body: { email, password: "a fine password", verification_callback_url: "http://localhost:3000/handler/email-verification" },
  });
  expect(res.status).toBe(200);
  return { id: res.body.user_id as string, headers: { "x-stack-access-token": res.body.access_token as string } };
}

describe.each(testDialects)("notification preferences on %s", (dialect) => {
  it("lets a signed-in client read and change only its own preferences", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.test");
    const bob = await signUp(lk, project, "bob@example.test");
    const asAda = { access: "client" as const, project, headers: ada.headers };

    const mine = await lk.call("GET", "/emails/notification-preference/me", asAda);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((p: { enabled: boolean }) => p.enabled)).toEqual([true, true]);

    const off = await lk.call("PATCH", `/emails/notification-preference/me/${MARKETING}`, { ...asAda, body: { enabled: false } });
    expect(off.body).toMatchObject({ notification_category_name: "Marketing", enabled: false });
    const byId = await lk.call("GET", `/emails/notification-preference/${ada.id}`, asAda);
    expect(byId.body.items[1]).toMatchObject({ notification_category_id: MARKETING, enabled: false });
    // Transactional mail cannot be turned off: the answer says it stays on.
    const transactional = await lk.call("PATCH", `/emails/notification-preference/me/${TRANSACTIONAL}`, { ...asAda, body: { enabled: false } });
    expect(transactional.body).toMatchObject({ enabled: true, can_disable: false });

    expectStatusError(await lk.call("GET", `/emails/notification-preference/${bob.id}`, asAda), 403, "notificationPreferencesViewOwnOnly");
    expectStatusError(await lk.call("PATCH", `/emails/notification-preference/${bob.id}/${MARKETING}`, { ...asAda, body: { enabled: false } }), 403, "notificationPreferencesManageOwnOnly");
    expectKnownError(await lk.call("GET", "/emails/notification-preference/me", { access: "client", project }), 401, "USER_AUTHENTICATION_REQUIRED");
    const bobs = await lk.call("GET", `/emails/notification-preference/${bob.id}`, { access: "server", project });
    expect(bobs.body.items[1]).toMatchObject({ enabled: true });
    expectKnownError(await lk.call("GET", "/emails/notification-preference/00000000-0000-4000-8000-000000000009", { access: "server", project }), 404, "USER_NOT_FOUND");
  });

  it("shows a mail that could not be sent in the sent log with its error, and no password", async () => {
    await using lk = await createTestInstance(dialect);
    const dead = await startHeaderSink();
    await dead[Symbol.asyncDispose]();
    const project = await lk.createProject({ configOverride: ownSmtp(dead.port) });
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "new@example.test" } });
    const send = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { user_ids: [user.body.id], html: "<p>Hi</p>", subject: "Hi", theme_id: false } });
    expect(send.status).toBe(200);

    const runner = createJobRunner(lk.deps, { maxAttempts: 2 });
    expect(await runner.runOnce()).toBe(1);
    const retrying = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(retrying.body.items).toHaveLength(1);
    expect(retrying.body.items[0].error).toMatchObject({ status: "retrying" });
    // Stack's words for a server that cannot be reached (backend-fidelity-2.md §3).
    expect(retrying.body.items[0].error.message).toBe("Failed to connect to the email host. Please make sure the email host configuration is correct.");

    lk.clock.advance(60_000);
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    const failed = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(failed.body.items[0]).toMatchObject({ to: ["new@example.test"], error: { status: "failed" }, sender_config: { type: "standard", port: dead.port } });
    expect(failed.text).not.toContain("smtp-password");
  });
});
