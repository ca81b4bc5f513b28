import { describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases.js";
import { createTestInstance, type TestInstance } from "../../../test/support/instance.js";
import { linkFrom, startSmtpSink } from "../../../test/support/smtp-sink.js";
import { outboxQueries, type OutboxRow } from "../../db/queries/outbox.js";
import { NO_EMAIL_SERVER } from "../email/deliverer.js";
import { enqueueEmail } from "../email/outbox.js";
import { renderConfig } from "../config/index.js";
import { verificationEmail } from "../email/templates.js";
import type { Deliverer } from "./deliverer.js";
import { createJobRunner } from "./runner.js";

function ownServer(port: number, extra: Record<string, unknown> = {}) {
  return {
    "emails.server": {
      isShared: false,
      provider: "smtp",
      host: "127.0.0.1",
      port,
      username: "u",
      password: "secret-smtp-password",
      senderName: "Acme",
      senderEmail: "noreply@acme.test",
      ...extra,
    },
  };
}

const mail = (projectId: string, to = "ada@example.test") => ({
  projectId,
  to: [to],
  subject: "Verify your e-mail address",
  text: "Open https://app.test/verify?code=SECRETCODE123 to verify.",
  html: '<a href="https://app.test/verify?code=SECRETCODE123">Verify</a>',
});

async function enqueue(lk: TestInstance, email: ReturnType<typeof mail>) {
  return lk.deps.store.transaction((tx) => enqueueEmail(lk.deps, tx, email));
}

/** A port nothing listens on (a sink that was started and closed). */
async function deadPort() {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

describe.each(testDialects)("e-mail job runner on %s", (dialect) => {
  it("delivers a queued mail once through the project's own SMTP server", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    // Product mails are rendered at delivery, from the project as stored.
    const project = await lk.createProject({ displayName: "Acme <App>", configOverride: ownServer(sink.port) });
    const rendered = await verificationEmail(lk.deps, { id: project.id, displayName: "Acme <App>", config: renderConfig({}) }, { link: "https://app.test/verify?code=abc123" });
    const id = await lk.deps.store.transaction((tx) =>
      enqueueEmail(lk.deps, tx, { projectId: project.id, to: ["ada@example.test"], ...rendered }),
    );
    const runner = createJobRunner(lk.deps);

    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);
    await runner.stop();

    expect(sink.messages).toHaveLength(1);
    const received = sink.messages[0]!;
    expect(received.from).toBe('"Acme" <noreply@acme.test>');
    expect(received.to).toEqual(["ada@example.test"]);
    expect(received.subject).toBe("Verify your email at Acme <App>");
    expect(received.html).toContain("Acme &lt;App&gt;");
    expect(linkFrom(received)).toBe("abc123");
    const row = await outboxQueries(lk.deps.store).get(project.id, id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, lockedUntil: null });
    expect(row?.doneAt?.getTime()).toBe(lk.clock.now().getTime());
  });

  it("sends nothing when the transaction that queued the mail rolls back", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({ configOverride: ownServer(sink.port) });
    await expect(
      lk.deps.store.transaction(async (tx) => {
        await enqueueEmail(lk.deps, tx, mail(project.id));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    const runner = createJobRunner(lk.deps);
    expect(await runner.runOnce()).toBe(0);
    await runner.stop();
    expect(await outboxQueries(lk.deps.store).listForProject(project.id, "email")).toEqual([]);
    expect(sink.messages).toEqual([]);
  });

  it("keeps the mail while SMTP is down and delivers it once after the retry time", async () => {
    await using lk = await createTestInstance(dialect);
    const port = await deadPort();
    const project = await lk.createProject({ configOverride: ownServer(port) });
    const id = await enqueue(lk, mail(project.id));
    const runner = createJobRunner(lk.deps);
    const queued = lk.clock.now().getTime();

    expect(await runner.runOnce()).toBe(1);
    const waiting = await outboxQueries(lk.deps.store).get(project.id, id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(waiting!.nextAttemptAt.getTime()).toBe(queued + 5_000);
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(waiting!.lastError).not.toContain("secret-smtp-password");

    await using sink = await startSmtpSink({ port });
    expect(await runner.runOnce()).toBe(0); // not due yet
    lk.clock.advance(5_001);
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);
    await runner.stop();

    expect(sink.messages.map((m) => m.to)).toEqual([["ada@example.test"]]);
    expect(await outboxQueries(lk.deps.store).get(project.id, id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("delivers each mail exactly once when two runners share the database", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({ configOverride: ownServer(sink.port) });
    for (let i = 0; i < 10; i++) await enqueue(lk, mail(project.id, `user${i}@example.test`));
    const a = createJobRunner(lk.deps, { batchSize: 4 });
    const b = createJobRunner(lk.deps, { batchSize: 4 });

    let handled = 0;
    for (let pass = 0; pass < 10 && handled < 10; pass++) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      handled += x + y;
    }
    await Promise.all([a.stop(), b.stop()]);

    expect(handled).toBe(10);
    const recipients = sink.messages.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(Array.from({ length: 10 }, (_, i) => `user${i}@example.test`).sort());
    const rows = await outboxQueries(lk.deps.store).listForProject(project.id, "email");
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(10).fill(["sent", 1]));
  });

  it("marks the mails undeliverable when the project uses the shared server and none is configured", async () => {
    await using lk = await createTestInstance(dialect, { sharedSmtp: null });
    const project = await lk.createProject();
    const ids = [await enqueue(lk, mail(project.id)), await enqueue(lk, mail(project.id)), await enqueue(lk, mail(project.id))];
    const runner = createJobRunner(lk.deps);
    expect(await runner.runOnce()).toBe(3);
    expect(await runner.runOnce()).toBe(0);
    await runner.stop();
    for (const id of ids) {
      const row = await outboxQueries(lk.deps.store).get(project.id, id);
      expect(row).toMatchObject({ status: "undeliverable", lastError: NO_EMAIL_SERVER, lockedUntil: null });
      expect(row?.doneAt).toBeInstanceOf(Date);
    }
  });

  it("sends through the shared server from the project's display name at the shared sender address (E3)", async () => {
    await using sink = await startSmtpSink();
    await using lk = await createTestInstance(dialect, {
      sharedSmtp: { url: `smtp://user:shared-pass@127.0.0.1:${sink.port}`, from: "Latchkey <noreply@latchkey.test>" },
    });
    const project = await lk.createProject({ displayName: "Acme Shop" });
    await enqueue(lk, mail(project.id));
    const runner = createJobRunner(lk.deps);
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]).toMatchObject({ from: '"Acme Shop" <noreply@latchkey.test>', to: ["ada@example.test"] });
  });

  it("gives up after the last attempt", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: ownServer(await deadPort()) });
    const id = await enqueue(lk, mail(project.id));
    const runner = createJobRunner(lk.deps, { maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await runner.runOnce()).toBe(1);
      lk.clock.advance(3_600_000);
    }
    expect(await runner.runOnce()).toBe(0);
    await runner.stop();
    const row = await outboxQueries(lk.deps.store).get(project.id, id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
  });

  it("picks up a changed e-mail server for the next attempt", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({ configOverride: ownServer(await deadPort()) });
    await enqueue(lk, mail(project.id));
    const runner = createJobRunner(lk.deps);
    expect(await runner.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(0);

    const { applyConfigOverride } = await import("../projects.js");
    await applyConfigOverride(lk.deps, project.id, ownServer(sink.port));
    lk.clock.advance(5_001);
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    expect(sink.messages).toHaveLength(1);
  });

  it("keeps recipient and subject readable but never stores the body in the clear", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({ configOverride: ownServer(sink.port) });
    await enqueue(lk, mail(project.id));
    const runner = createJobRunner(lk.deps);
    await runner.runOnce();
    await runner.stop();
    expect(linkFrom(sink.messages[0]!)).toBe("SECRETCODE123");

    const dump = await lk.dumpDatabaseText();
    expect(dump).toContain("ada@example.test");
    expect(dump).toContain("Verify your e-mail address");
    expect(dump).not.toContain("SECRETCODE123");
  });

  it("delivers in the background when started and woken", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({ configOverride: ownServer(sink.port) });
    const runner = createJobRunner(lk.deps, { pollIntervalMs: 60_000 });
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first (empty) pass
      await enqueue(lk, mail(project.id));
      runner.wake();
      const received = await sink.waitFor((m) => m.to.includes("ada@example.test"), 5_000);
      expect(received.subject).toBe("Verify your e-mail address");
    } finally {
      await runner.stop();
    }
    expect(sink.messages).toHaveLength(1);
  });
});

describe.each(testDialects)("job runner deliverers on %s", (dialect) => {
  async function queue(lk: TestInstance, projectId: string, kind: OutboxRow["kind"], id: string) {
    const now = lk.clock.now();
    await lk.deps.queries.outbox.insert({ id, projectId, kind, summary: {}, payload: "sealed", status: "pending", nextAttemptAt: now, createdAt: now });
  }

  it("hands each row to the deliverer registered for its kind and leaves kinds without one pending", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await queue(lk, project.id, "webhook", "hook-1");
    await queue(lk, project.id, "email", "mail-1");
    const seen: string[] = [];
    let closed = false;
    const webhook: Deliverer = {
      deliver: async (row) => (seen.push(row.id), { status: "sent" }),
      close: () => void (closed = true),
    };
    const runner = createJobRunner(lk.deps, { deliverers: { webhook } });

    expect(await runner.runOnce()).toBe(2);
    await runner.stop();

    expect(seen).toEqual(["hook-1"]);
    expect(closed).toBe(false); // deliverers passed in belong to the caller
    const outbox = outboxQueries(lk.deps.store);
    expect(await outbox.get(project.id, "hook-1")).toMatchObject({ status: "sent", attempts: 1 });
    expect(await outbox.get(project.id, "mail-1")).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("retries a row whose deliverer throws, storing a generic message", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await queue(lk, project.id, "webhook", "hook-1");
    const webhook: Deliverer = {
      deliver: async () => {
        throw new Error("connection string postgres://user:secret@db");
      },
    };
    const runner = createJobRunner(lk.deps, { deliverers: { webhook } });

    expect(await runner.runOnce()).toBe(1);
    await runner.stop();

    const row = await outboxQueries(lk.deps.store).get(project.id, "hook-1");
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Internal error while delivering", lockedUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBe(lk.clock.now().getTime() + 5_000);
  });
});
