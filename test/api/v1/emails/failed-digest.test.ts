/**
 * `POST /internal/failed-emails-digest` (backend-fidelity-2.md §3): without an Authorization header 400,
 * with a wrong one 401 `Unauthorized`; with the cron secret, each owner of a project whose mails failed
 * in the last day gets a digest of them from the internal project.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const cron = { headers: { authorization: "Bearer cron-test-secret" } };

/** A row of the sent log as the deliverer writes it for a mail that failed. */
async function failedMail(lk: TestInstance, projectId: string, subject: string, agoMs: number) {
  const at = new Date(lk.clock.now().getTime() - agoMs);
  await lk.deps.store.db.insert(lk.deps.store.t.sentEmails).values({
    id: randomUUID(), projectId, outboxId: randomUUID(), userId: null, to: ["reader@example.com"], subject, notificationCategory: null,
    status: "failed", error: { message: "Failed to connect to the email host." }, senderConfig: { type: "standard", host: "smtp.example.com", port: 587 },
    createdAt: at, updatedAt: at,
  });
}

describe.each(testDialects)("POST /internal/failed-emails-digest on %s", (dialect) => {
  it("answers 400 without an Authorization header and 401 Unauthorized with a wrong one", async () => {
    await using lk = await createTestInstance(dialect, { cronSecret: "cron-test-secret" });
    expectStatusError(await lk.call("POST", "/internal/failed-emails-digest", { body: {} }), 400, "cronAuthorizationMissing");
    const wrong = await lk.call("POST", "/internal/failed-emails-digest", { body: {}, headers: { authorization: "Bearer nope" } });
    expectStatusError(wrong, 401, "cronUnauthorized");
    expect(wrong.text).toBe("Unauthorized");
    // No secret configured: nothing opens it.
    await using unset = await createTestInstance(dialect);
    expectStatusError(await unset.call("POST", "/internal/failed-emails-digest", { body: {}, ...cron }), 401, "cronUnauthorized");
  });

  it("mails each owner of a project the failures of the last 24 hours, and nobody for projects without any", async () => {
    await using lk = await createTestInstance(dialect, { cronSecret: "cron-test-secret" });
    const internalServer = { access: "server" as const };
    const owners = [];
    for (const address of ["ada@owner.example", "bob@owner.example"]) owners.push((await lk.call("POST", "/users", { ...internalServer, body: { primary_email: address } })).body.id as string);
    const team = await lk.call("POST", "/teams", { ...internalServer, body: { display_name: "Owners", creator_user_id: owners[0] } });
    expect((await lk.call("POST", `/team-memberships/${team.body.id}/${owners[1]}`, { ...internalServer, body: {} })).status).toBe(201);
    const project = await lk.createProject({ displayName: "Shop", ownerTeamId: team.body.id });
    const quiet = await lk.createProject({ displayName: "Quiet", ownerTeamId: team.body.id });
    await failedMail(lk, project.id, "Your receipt", 60_000);
    await failedMail(lk, project.id, "Old news", 25 * 3600_000);
    await failedMail(lk, quiet.id, "Long ago", 48 * 3600_000);

    const res = await lk.call("POST", "/internal/failed-emails-digest", { body: {}, ...cron });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const digests = (await lk.deps.queries.outbox.listForProject("internal", "email")).filter((m) => (m.summary as { subject: string }).subject.startsWith("Failed e-mails"));
    expect(digests.map((m) => m.summary).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { to: ["ada@owner.example"], subject: "Failed e-mails of Shop in the last 24 hours" },
      { to: ["bob@owner.example"], subject: "Failed e-mails of Shop in the last 24 hours" },
    ]);
    const body = JSON.parse(lk.deps.secrets.decrypt(digests[0]!.payload as string, "outbox")) as { text: string };
    expect(body.text).toContain('"Your receipt" to reader@example.com: Failed to connect to the email host.');
    expect(body.text).not.toContain("Old news");
  });
});
