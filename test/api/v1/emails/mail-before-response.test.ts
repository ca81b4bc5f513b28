/**
 * Mails a client reads right after the answer (sign-in code, verification link, sign-up's verification,
 * team invitation) are handed to SMTP before the request answers, as Stack's backend does; when SMTP
 * keeps failing the request answers 400 `emailSendFailed` and the mail is never sent later. The
 * background runner is never run here before the checks: what the mailbox holds, the request sent.
 */
import { eq } from "drizzle-orm";
import { createServer, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { enqueueEmail } from "../../../../server/services/email/outbox.js";
import { sendQueuedEmailNow } from "../../../../server/services/email/send-now.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";
import { startSmtpSink, type SmtpSink } from "../../../support/smtp-sink.js";
import { ownSmtp } from "./sending-support.js";

const handler = "http://localhost:3000/handler";

/** A port nothing listens on any more: a sink's, after it was closed (connections are refused). */
async function refusingPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

/** An SMTP port that accepts connections and never says a word (no greeting): each attempt runs into the transport's timeouts. */
async function silentServer(): Promise<{ port: number; connections: () => number; [Symbol.asyncDispose](): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    connections: () => connections,
    async [Symbol.asyncDispose]() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function mailProject(lk: TestInstance, port: number | null): Promise<ProjectCredentials> {
  return lk.createProject({ configOverride: { "auth.otp.allowSignIn": true, ...(port === null ? {} : ownSmtp(port)) } });
}

const mailsTo = (sink: SmtpSink, to: string) => sink.messages.filter((m) => m.to.includes(to));

async function outboxRows(lk: TestInstance, project: ProjectCredentials) {
  return lk.deps.queries.outbox.listForProject(project.id, "email");
}

function sendCode(lk: TestInstance, project: ProjectCredentials, email: string) {
  return lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email, callback_url: `${handler}/magic-link-callback` } });
}

function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  return lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a good password", verification_callback_url: `${handler}/email-verification` } });
}

function resendVerification(lk: TestInstance, project: ProjectCredentials, accessToken: string, email: string) {
  return lk.call("POST", "/contact-channels/send-verification-code", {
    access: "client",
    project,
    headers: { "x-stack-access-token": accessToken },
    body: { email, callback_url: `${handler}/email-verification` },
  });
}

async function invite(lk: TestInstance, project: ProjectCredentials, email: string) {
  const team = await lk.call("POST", "/teams", { access: "server", project, body: { display_name: "Engines" } });
  expect(team.status).toBe(201);
  return lk.call("POST", "/team-invitations/send-code", { access: "server", project, body: { team_id: team.body.id, email, callback_url: `${handler}/team-invitation` } });
}

describe.each(testDialects)("mail handed to SMTP before the answer on %s", (dialect) => {
  it("holds the OTP, sign-up, verification and invitation mails in the mailbox when each answer arrives", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink.port);

    expect((await sendCode(lk, project, "otp@example.com")).status).toBe(200);
    expect(mailsTo(sink, "otp@example.com").map((m) => m.subject)).toEqual([expect.stringContaining("Sign in to")]);

    const signedUp = await signUp(lk, project, "ada@example.com");
    expect(signedUp.status).toBe(200);
    expect(mailsTo(sink, "ada@example.com").map((m) => m.subject)).toEqual([expect.stringContaining("Verify your email")]);

    expect((await resendVerification(lk, project, signedUp.body.access_token, "ada@example.com")).status).toBe(200);
    expect(mailsTo(sink, "ada@example.com")).toHaveLength(2);

    expect((await invite(lk, project, "colleague@example.com")).status).toBe(200);
    expect(mailsTo(sink, "colleague@example.com").map((m) => m.subject)).toEqual([expect.stringContaining("join")]);

    // Recorded as the runner records a delivery: sent after one attempt, in the sent log, and not sent again.
    const rows = await outboxRows(lk, project);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual(rows.map(() => ["sent", 1, null]));
    const log = await lk.deps.store.db.select().from(lk.deps.store.t.sentEmails).where(eq(lk.deps.store.t.sentEmails.projectId, project.id));
    expect(log.map((l) => [l.outboxId, l.status]).sort()).toEqual(rows.map((r) => [r.id, "sent"]).sort());
    expect(await lk.deps.jobs.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(4);
  });

  it("answers 400 after three failed attempts when SMTP refuses, and the failed mail is never sent later", async () => {
    await using lk = await createTestInstance(dialect);
    const port = await refusingPort();
    const project = await mailProject(lk, port);
    // A user to resend a verification to, created while mail still worked for nobody (sign-up does not fail on its mail).
    const signedUp = await signUp(lk, project, "ada@example.com");
    expect(signedUp.status).toBe(200);
    const signUpMail = (await outboxRows(lk, project))[0]!;

    expectStatusError(await sendCode(lk, project, "otp@example.com"), 400, "emailSendFailed");
    expectStatusError(await resendVerification(lk, project, signedUp.body.access_token, "ada@example.com"), 400, "emailSendFailed");
    expectStatusError(await invite(lk, project, "colleague@example.com"), 400, "emailSendFailed");

    const failed = (await outboxRows(lk, project)).filter((r) => r.id !== signUpMail.id);
    expect(failed.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["failed", 3, null],
      ["failed", 3, null],
      ["failed", 3, null],
    ]);
    // Admins see them as failed in the sent log; sign-up's is still being retried.
    const log = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(log.body.items.map((m: { error: { status: string } | null }) => m.error?.status).sort()).toEqual(["failed", "failed", "failed", "retrying"]);

    // SMTP comes back: the background runner sends sign-up's mail (still queued) and none of the failed ones.
    await using sink = await startSmtpSink({ port });
    lk.clock.advance(3_600_000);
    expect(await lk.deps.jobs.runOnce()).toBe(1);
    expect(sink.messages.map((m) => m.to)).toEqual([["ada@example.com"]]);
    expect(await lk.deps.queries.outbox.get(project.id, signUpMail.id)).toMatchObject({ status: "sent", attempts: 2 });
    lk.clock.advance(3_600_000);
    expect(await lk.deps.jobs.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });

  it("gives up after one attempt when the server hangs until the transport's timeout, instead of holding the client for three", { timeout: 40_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    await using silent = await silentServer();
    const project = await mailProject(lk, silent.port);
    const started = performance.now();
    expectStatusError(await sendCode(lk, project, "otp@example.com"), 400, "emailSendFailed");
    const seconds = (performance.now() - started) / 1000;
    // It waited for the greeting (a timer never fires early), then gave up: one connection, one attempt,
    // not three. No upper bound on the time: a loaded machine may answer late without a bug.
    expect(seconds).toBeGreaterThan(9);
    expect(silent.connections()).toBe(1);
    expect(await outboxRows(lk, project)).toMatchObject([{ status: "failed", attempts: 1, lockedUntil: null }]);
  });

  it("answers as before for a project without any mail server: the mail waits for the runner, which finds it undeliverable", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await mailProject(lk, null);
    expect((await sendCode(lk, project, "otp@example.com")).status).toBe(200);
    expect(await outboxRows(lk, project)).toMatchObject([{ status: "pending", attempts: 0, lockedUntil: null }]);
    expect(await lk.deps.jobs.runOnce()).toBe(1);
    expect(await outboxRows(lk, project)).toMatchObject([{ status: "undeliverable" }]);
  });

  it("waits for the outcome of a row another runner holds instead of sending it too", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const credentials = await mailProject(lk, sink.port);
    const project = (await lk.deps.queries.projects.find(credentials.id))!;
    const queue = (to: string) => enqueueEmail(lk.deps, lk.deps.store.db, { projectId: project.id, to: [to], subject: "Hello", html: "<p>Hi</p>", text: "Hi" });
    const now = lk.clock.now();
    const lease = new Date(now.getTime() + 60_000);

    const sentElsewhere = await queue("a@example.com");
    expect(await lk.deps.queries.outbox.claimDue(now, lease, 10)).toMatchObject([{ id: sentElsewhere }]);
    const waiting = sendQueuedEmailNow(lk.deps, project, sentElsewhere, "required");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await lk.deps.queries.outbox.markSent([sentElsewhere], now);
    await waiting;

    const failedElsewhere = await queue("b@example.com");
    expect(await lk.deps.queries.outbox.claimDue(now, lease, 10)).toMatchObject([{ id: failedElsewhere }]);
    const told = sendQueuedEmailNow(lk.deps, project, failedElsewhere, "required").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await lk.deps.queries.outbox.markFailed(failedElsewhere, now, "smtp 127.0.0.1: refused", 10);
    expect(await told).toMatchObject({ errorName: "emailSendFailed", status: 400 });

    // Neither was sent by the waiting request: the other runner owned them.
    expect(sink.messages).toEqual([]);
  });
});
