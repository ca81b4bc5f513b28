/**
 * Workflows run (issue 38 item 3): an enabled `onSignUp` workflow sends its e-mail for a client sign-up
 * and for a server-created user, through the API with its workflow token; a workflow that throws or loops
 * is stopped and logged while the sign-up succeeds; the run log is the admin's; the token's two errors.
 */
import { describe, expect, it } from "vitest";
import { hashSecret } from "../../../../server/services/secrets.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";
import { drainOutbox, ownSmtp, startHeaderSink } from "../emails/sending-support.js";

const welcome = (subject: string) => `
  onSignUp(async (user) => {
    console.log("welcoming", user.primaryEmail);
    await stackApp.sendEmail({ userIds: [user.id], subject: ${JSON.stringify(subject)}, html: "<p>Welcome aboard</p>" });
    await user.update({ serverMetadata: { welcomed: true } });
  });
`;

function workflows(entries: Record<string, { tsSource: string; enabled?: boolean }>) {
  return Object.fromEntries(
    Object.entries(entries).map(([id, w]) => [`workflows.availableWorkflows.${id}`, { displayName: id, tsSource: w.tsSource, enabled: w.enabled ?? true }]),
  );
}

async function runsOf(lk: TestInstance, project: ProjectCredentials) {
  const res = await lk.call("GET", "/internal/workflow-runs", { access: "admin", project });
  expect(res.status, res.text).toBe(200);
  return res.body.items as Array<{ workflow_id: string; status: string; error: string | null; logs: string[]; user_id: string; attempts: number; trigger: string }>;
}

const workflowRows = async (lk: TestInstance) => (await lk.deps.queries.outbox.pendingByKind()).filter((k) => k.kind === "workflow");

describe.each(testDialects)("workflows on %s", (dialect) => {
  it("an onSignUp workflow mails a server-created user and a client sign-up, through the API with its token; the run log shows both", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: { ...ownSmtp(sink.port), "auth.password.allowSignIn": true, ...workflows({ welcome: { tsSource: welcome("Welcome from the workflow") } }) } });

    const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.test", primary_email_verified: true } });
    expect(created.status).toBe(201);
    const signedUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "bob@example.test", password: "correct horse battery" } });
    expect(signedUp.status, signedUp.text).toBe(200);
    // The requests answered before any workflow ran: each queued one job row.
    expect(sink.messages.filter((m) => m.subject === "Welcome from the workflow")).toEqual([]);

    await drainOutbox(lk);
    const mails = sink.messages.filter((m) => m.subject === "Welcome from the workflow");
    expect(mails.map((m) => m.to[0]).sort()).toEqual(["ada@example.test", "bob@example.test"]);
    expect(mails[0]!.text).toContain("Welcome aboard");

    const user = await lk.call("GET", `/users/${created.body.id}`, { access: "server", project });
    expect(user.body.server_metadata).toEqual({ welcomed: true });

    const runs = await runsOf(lk, project);
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run).toMatchObject({ workflow_id: "welcome", trigger: "sign-up", status: "succeeded", error: null, attempts: 1 });
      expect(run.logs.slice(1)).toEqual(["POST /api/v1/emails/send-email answered 200", "PATCH /api/v1/users/{id} answered 200"]);
    }
    expect(runs.map((r) => r.logs[0]).sort()).toEqual(["log: welcoming ada@example.test", "log: welcoming bob@example.test"]);
    expect(runs.map((r) => r.user_id).sort()).toEqual([created.body.id, signedUp.body.user_id].sort());
  });

  it("a workflow that throws or loops is stopped and logged; the sign-up succeeds and other workflows still run", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({
      configOverride: {
        ...ownSmtp(sink.port),
        ...workflows({
          throws: { tsSource: `onSignUp(() => {\n  throw new Error("boom");\n});` },
          loops: { tsSource: `onSignUp(async () => { for (;;) {} });` },
          good: { tsSource: welcome("Still welcome") },
          off: { tsSource: welcome("Never sent"), enabled: false },
        }),
      },
    });
    const signedUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "cy@example.test", password: "correct horse battery" } });
    expect(signedUp.status, signedUp.text).toBe(200);

    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.subject)).toContain("Still welcome");
    expect(sink.messages.map((m) => m.subject)).not.toContain("Never sent");
    const runs = Object.fromEntries((await runsOf(lk, project)).map((r) => [r.workflow_id, r]));
    expect(Object.keys(runs).sort()).toEqual(["good", "loops", "throws"]);
    expect(runs.throws).toMatchObject({ status: "failed", error: "boom (workflow.ts line 2)", attempts: 1 });
    expect(runs.loops).toMatchObject({ status: "failed", attempts: 1 });
    expect(runs.loops!.error).toMatch(/^The workflow run timed out after \d+ ms$/);
    expect(runs.good).toMatchObject({ status: "succeeded" });
    // The user signed up and can use the API.
    const me = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": signedUp.body.access_token } });
    expect(me.status).toBe(200);
  });

  it("a call the API refuses fails the run with its answer (not retried)", { timeout: 60_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: workflows({ bad: { tsSource: `onSignUp(async (u) => { await u.update({ primaryEmail: "not an address" }); });` } }) });
    await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "dee@example.test" } });
    await drainOutbox(lk);
    const [run] = await runsOf(lk, project);
    expect(run).toMatchObject({ status: "failed", attempts: 1 });
    expect(run!.error).toMatch(/^The API refused PATCH \/api\/v1\/users\/\{id\}: 400 SCHEMA_ERROR$/);
  });

  it("no job row for projects without an enabled workflow, nor for anonymous sign-ups", async () => {
    await using lk = await createTestInstance(dialect);
    const plain = await lk.createProject();
    await lk.call("POST", "/users", { access: "server", project: plain, body: { primary_email: "eve@example.test" } });
    const withWorkflow = await lk.createProject({ configOverride: workflows({ welcome: { tsSource: welcome("x") } }) });
    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project: withWorkflow, body: {} });
    expect(anonymous.status, anonymous.text).toBe(200);
    expect(await workflowRows(lk)).toEqual([]);
  });

  it("x-stack-workflow-token: an unknown token is WORKFLOW_TOKEN_DOES_NOT_EXIST, a spent one WORKFLOW_TOKEN_EXPIRED, a live one stands in for the server key of its project only", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const now = lk.clock.now();
    const insertRun = (token: string, expiresAt: Date, projectId = project.id, id = crypto.randomUUID()) =>
      lk.deps.queries.workflowRuns.insert({ id, projectId, workflowId: "w", outboxId: id, trigger: "sign-up", userId: null, status: "running", attempts: 1, logs: [], tokenHash: hashSecret(token), tokenExpiresAt: expiresAt, createdAt: now });
    await insertRun("lkwt_live", new Date(now.getTime() + 60_000));
    await insertRun("lkwt_spent", new Date(now.getTime() - 1));
    const asWorkflow = (token: string, target = project) =>
      lk.call("GET", "/users", { project: target, headers: { "x-stack-project-id": target.id, "x-stack-access-type": "server", "x-stack-workflow-token": token } });

    expectKnownError(await asWorkflow("lkwt_unknown"), 400, "WORKFLOW_TOKEN_DOES_NOT_EXIST");
    expectKnownError(await asWorkflow("lkwt_spent"), 400, "WORKFLOW_TOKEN_EXPIRED");
    expect((await asWorkflow("lkwt_live")).status).toBe(200);
    // Another project's token does not exist here.
    expectKnownError(await asWorkflow("lkwt_live", other), 400, "WORKFLOW_TOKEN_DOES_NOT_EXIST");
  });
});
