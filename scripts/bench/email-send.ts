/**
 * Bench scenario `email-send`: send-email to every user of a project with `--users` users (10,000 by
 * default), in process on a fresh database of each dialect. Reports the time the request takes to
 * queue the send (recipients paged, one outbox row per batch), then the rate at which the job runner
 * composes each recipient's mail in the sandbox and hands it to an in-process SMTP sink, and the
 * process's RSS growth over the whole send.
 *
 *   npx tsx scripts/bench/email-send.ts [--users 10000] [--dialect sqlite|postgres|both] [--timeout 600] [--enqueue-only]
 *
 * Users are written straight into the database (the API would cost a request each); the mails are the
 * project's selected theme around a short HTML body, as send-email's `html` variant renders them.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { createJobRunner } from "../../server/services/jobs/runner.js";
import { createTestInstance } from "../../test/support/instance.js";
import { startSmtpSink } from "../../test/support/smtp-sink.js";

export interface EmailSendResult {
  dialect: "sqlite" | "postgres";
  users: number;
  /** The send-email request, start to answer. */
  enqueueMs: number;
  batches: number;
  /** Mails the sink received, per second, from the answer to the last mail (null with --enqueue-only). */
  mailsPerSecond: number | null;
  deliveredMs: number | null;
  rssGrowthMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export async function measureEmailSending(
  dialect: "sqlite" | "postgres",
  users: number,
  timeoutMs: number,
  log: (line: string) => void,
  options: { deliver: boolean } = { deliver: true },
): Promise<EmailSendResult> {
  // Counting only, no parsing: the sink must not be the limit.
  const sink = await startSmtpSink({ parse: false });
  await using lk = await createTestInstance(dialect, { validateResponses: false, checkTransactions: false, logLevel: "silent" });
  try {
    const project = await lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Bench", senderEmail: "bench@bench.example" },
      },
    });
    log(`email-send ${dialect}: seeding ${users} users`);
    const { users: usersTable, contactChannels } = lk.deps.store.t;
    const now = new Date();
    for (let start = 0; start < users; start += 500) {
      const rows = Array.from({ length: Math.min(500, users - start) }, (_, k) => ({ id: randomUUID(), n: start + k }));
      await lk.deps.store.db.insert(usersTable).values(rows.map((r) => ({ id: r.id, projectId: project.id, displayName: `User ${r.n}`, signedUpAt: now, lastActiveAt: now })));
      await lk.deps.store.db.insert(contactChannels).values(
        rows.map((r) => ({ id: randomUUID(), projectId: project.id, userId: r.id, type: "email" as const, value: `user-${r.n}@bench.example`, isVerified: true, isPrimary: true, usedForAuth: true, createdAt: now })),
      );
    }

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
    const startedAt = performance.now();
    const res = await lk.call("POST", "/emails/send-email", { access: "server", project, body: { all_users: true, html: "<p>Our news of the month.</p>", subject: "Bench news" } });
    const enqueueMs = performance.now() - startedAt;
    if (res.status !== 200) throw new Error(`send-email answered ${res.status}: ${res.text}`);
    const batches = (await lk.deps.queries.outbox.listForProject(project.id, "email", users)).length;
    log(`email-send ${dialect}: queued ${users} users in ${Math.round(enqueueMs)} ms (${batches} outbox rows)`);
    if (!options.deliver) {
      clearInterval(sampler);
      return { dialect, users, enqueueMs: Math.round(enqueueMs), batches, deliveredMs: null, mailsPerSecond: null, rssGrowthMb: mb(rssPeak - rssBefore) };
    }

    const runner = createJobRunner(lk.deps, { pollIntervalMs: 50 });
    const deliveryStart = performance.now();
    runner.start();
    try {
      while (sink.received < users) {
        if (performance.now() - deliveryStart > timeoutMs) throw new Error(`only ${sink.received} of ${users} mails arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await runner.stop();
      clearInterval(sampler);
    }
    const deliveredMs = performance.now() - deliveryStart;
    return { dialect, users, enqueueMs: Math.round(enqueueMs), batches, deliveredMs: Math.round(deliveredMs), mailsPerSecond: Math.round((users / deliveredMs) * 1000 * 10) / 10, rssGrowthMb: mb(rssPeak - rssBefore) };
  } finally {
    await sink.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { users: { type: "string", default: "10000" }, dialect: { type: "string", default: "sqlite" }, timeout: { type: "string", default: "600" }, "enqueue-only": { type: "boolean", default: false } } });
  const dialects = values.dialect === "both" ? (["sqlite", "postgres"] as const) : [values.dialect as "sqlite" | "postgres"];
  const log = (line: string) => process.stderr.write(`[email-send ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  const results: EmailSendResult[] = [];
  for (const dialect of dialects) results.push(await measureEmailSending(dialect, Number(values.users), Number(values.timeout) * 1000, log, { deliver: !values["enqueue-only"] }));
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}
