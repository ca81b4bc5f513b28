/**
 * Webhooks, built in: endpoints managed by admins, each event delivered once per matching endpoint,
 * signed so that `svix`'s Webhook.verify accepts it, retried while the receiver is down (and across a
 * server restart), in order per object, with a delivery log; private targets refused unless allowed.
 */
import { Webhook } from "svix";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../../server/app.js";
import { registerBuiltInSinks } from "../../../../server/services/event-sinks.js";
import { createJobRunner } from "../../../../server/services/jobs/runner.js";
import { manualClock } from "../../../../server/services/clock.js";
import { webhookRetrySchedule } from "../../../../server/services/webhooks/deliverer.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, testDeps, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { startWebhookReceiver, type ReceivedWebhook } from "../../../support/webhook-receiver.js";

/** Verifies as a receiver written for Stack's webhooks would, at the time the server signed it. */
function verifyWithSvix(secret: string, message: ReceivedWebhook, at: Date) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    const headers = {
      "svix-id": String(message.headers["svix-id"]),
      "svix-timestamp": String(message.headers["svix-timestamp"]),
      "svix-signature": String(message.headers["svix-signature"]),
    };
    new Webhook(secret).verify(message.body, headers); // throws unless a signature matches
    return JSON.parse(message.body) as { type: string; data: Record<string, unknown> };
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

async function drain(runOnce: () => Promise<number>) {
  for (let pass = 0; pass < 20; pass++) if ((await runOnce()) === 0) return;
  throw new Error("the outbox did not drain");
}

/** Runs passes a second apart (deliveries waiting for an earlier one of their object look again after a second). */
async function deliverAll(runOnce: () => Promise<number>, clock: { advance(ms: number): void }) {
  for (let pass = 0; pass < 10; pass++) {
    await drain(runOnce);
    clock.advance(1_000);
  }
}

const admin = (lk: TestInstance, project: ProjectCredentials) => (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "admin", project, body });
const server = (lk: TestInstance, project: ProjectCredentials) => (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "server", project, body });

describe.each(testDialects)("webhooks on %s", (dialect) => {
  it("delivers each event once to a loopback receiver, signed so that svix's Webhook.verify accepts it", async () => {
    await using lk = await createTestInstance(dialect);
    await using receiver = await startWebhookReceiver();
    const project = await lk.createProject();
    const created = await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url: receiver.url, description: "CRM sync" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, description: "CRM sync", event_types: null, enabled: true });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);

    const user = await server(lk, project)("POST", "/users", { primary_email: "ada@example.com", display_name: "Ada" });
    const updated = await server(lk, project)("PATCH", `/users/${user.body.id}`, { display_name: "Ada Lovelace" });
    const runner = createJobRunner(lk.deps);
    await deliverAll(runner.runOnce, lk.clock);
    await runner.stop();

    const messages = receiver.received.map((message) => verifyWithSvix(secret, message, lk.clock.now()));
    // Each event once; the user's two in order (events of different objects may overtake each other).
    expect(messages.map((m) => m.type).sort()).toEqual(["contact_channel.created", "user.created", "user.updated"]);
    const userMessages = messages.filter((m) => m.type.startsWith("user."));
    expect(userMessages.map((m) => m.data)).toEqual([user.body, updated.body]);
    // Standard Webhooks headers carry the same values.
    for (const message of receiver.received) {
      expect(message.headers["webhook-id"]).toBe(message.headers["svix-id"]);
      expect(message.headers["webhook-signature"]).toBe(message.headers["svix-signature"]);
      expect(message.headers["content-type"]).toBe("application/json");
    }
    expect(new Set(receiver.received.map((m) => m.headers["svix-id"])).size).toBe(3);
    // A tampered body does not verify.
    expect(() => verifyWithSvix(secret, { ...receiver.received[0]!, body: receiver.received[0]!.body.replace('"type":"', '"type":"x') }, lk.clock.now())).toThrow();

    const deliveries = await admin(lk, project)("GET", `/internal/webhooks/endpoints/${created.body.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.items.map((d: { event_type: string; status: string; attempt_log: { response_status: number }[] }) => [d.event_type, d.status, d.attempt_log.map((a) => a.response_status)])).toEqual([
      ["user.updated", "sent", [204]],
      ["contact_channel.created", "sent", [204]],
      ["user.created", "sent", [204]],
    ]);
  });

  it("retries while the receiver is down and loses nothing across a server restart, in order per object", async () => {
    await using lk = await createTestInstance(dialect);
    const down = await startWebhookReceiver();
    const port = down.port;
    await down.close();
    const project = await lk.createProject();
    const endpoint = await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url: `http://127.0.0.1:${port}/hook`, event_types: ["user.created", "user.updated"] });
    const secret = endpoint.body.secret as string;

    const user = await server(lk, project)("POST", "/users", { display_name: "v0" });
    const first = createJobRunner(lk.deps);
    expect(await first.runOnce()).toBe(1);
    for (let i = 1; i <= 3; i++) await server(lk, project)("PATCH", `/users/${user.body.id}`, { display_name: `v${i}` });
    // The updates wait for the creation (same object), which waits for its retry.
    await first.runOnce();
    await first.stop();
    const waiting = await admin(lk, project)("GET", `/internal/webhooks/endpoints/${endpoint.body.id}/deliveries`);
    const creation = waiting.body.items.find((d: { event_type: string }) => d.event_type === "user.created");
    expect(creation).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    expect(creation.attempt_log).toEqual([expect.objectContaining({ response_status: null, error: expect.stringMatching(/ECONNREFUSED/) })]);
    expect(waiting.body.items.filter((d: { attempts: number }) => d.attempts > 0)).toHaveLength(1);

    // The server restarts: new dependencies, app and runner on the same database, hours later.
    const clock = manualClock(lk.clock.now().getTime() + 3 * 3_600_000);
    const restarted = testDeps(lk.deps.store, clock);
    registerBuiltInSinks(restarted);
    const app = createApp(restarted);
    await using receiver = await startWebhookReceiver(port);
    const second = createJobRunner(restarted);
    await deliverAll(second.runOnce, clock);
    await second.stop();

    const messages = receiver.received.map((message) => verifyWithSvix(secret, message, clock.now()));
    expect(messages.map((m) => [m.type, m.data.display_name])).toEqual([
      ["user.created", "v0"],
      ["user.updated", "v1"],
      ["user.updated", "v2"],
      ["user.updated", "v3"],
    ]);
    const log = await app.request(`/api/v1/internal/webhooks/endpoints/${endpoint.body.id}/deliveries`, {
      headers: { "x-stack-access-type": "admin", "x-stack-project-id": project.id, "x-stack-super-secret-admin-key": project.keys.superSecretAdminKey },
    });
    const items = ((await log.json()) as { items: { event_type: string; status: string; attempt_log: { response_status: number | null }[] }[] }).items;
    expect(items.map((d) => d.status)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(items.at(-1)!.attempt_log.map((a) => a.response_status)).toEqual([null, 204]);
  });

  it("retries failed answers with backoff for more than a day", async () => {
    const schedule = webhookRetrySchedule();
    expect(schedule.slice(0, 3)).toEqual([5_000, 10_000, 20_000]);
    expect(schedule.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);

    await using lk = await createTestInstance(dialect);
    await using receiver = await startWebhookReceiver();
    receiver.answer(503);
    const project = await lk.createProject();
    const endpoint = await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url: receiver.url });
    await server(lk, project)("POST", "/users", { display_name: "Ada" });
    const runner = createJobRunner(lk.deps);
    for (const [i, delay] of schedule.slice(0, 4).entries()) {
      await drain(runner.runOnce);
      expect(receiver.received).toHaveLength(i + 1);
      lk.clock.advance(delay - 1);
      expect(await runner.runOnce()).toBe(0); // not due yet
      lk.clock.advance(1);
    }
    receiver.answer(200);
    await drain(runner.runOnce);
    await runner.stop();
    const [delivery] = (await admin(lk, project)("GET", `/internal/webhooks/endpoints/${endpoint.body.id}/deliveries`)).body.items;
    expect(delivery).toMatchObject({ status: "sent", attempts: 5 });
    expect(delivery.attempt_log.map((a: { response_status: number }) => a.response_status)).toEqual([503, 503, 503, 503, 200]);
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((m) => m.headers["svix-id"])).size).toBe(1);
  });

  it("filters by event type, skips disabled endpoints, redelivers, and signs with both secrets after a rotation", async () => {
    await using lk = await createTestInstance(dialect);
    await using receiver = await startWebhookReceiver();
    const project = await lk.createProject();
    const call = admin(lk, project);
    const endpoint = await call("POST", "/internal/webhooks/endpoints", { url: receiver.url, event_types: ["team.created"] });
    const id = endpoint.body.id as string;
    const runner = createJobRunner(lk.deps);

    await server(lk, project)("POST", "/users", { display_name: "Ada" });
    const team = await server(lk, project)("POST", "/teams", { display_name: "Engines" });
    // The team's delivery may have to wait a second for the user's fan-out row, recorded before it.
    await deliverAll(runner.runOnce, lk.clock);
    expect(receiver.received.map((m) => JSON.parse(m.body).type)).toEqual(["team.created"]);

    expect((await call("PATCH", `/internal/webhooks/endpoints/${id}`, { enabled: false })).body.enabled).toBe(false);
    await server(lk, project)("POST", "/teams", { display_name: "Looms" });
    await drain(runner.runOnce);
    expect(receiver.received).toHaveLength(1);

    await call("PATCH", `/internal/webhooks/endpoints/${id}`, { enabled: true, event_types: null });
    const rotated = await call("POST", `/internal/webhooks/endpoints/${id}/rotate-secret`, {});
    expect(rotated.body.secret).not.toBe(endpoint.body.secret);
    expect((await call("GET", `/internal/webhooks/endpoints/${id}/secret`)).body.secret).toBe(rotated.body.secret);
    const [sent] = (await call("GET", `/internal/webhooks/endpoints/${id}/deliveries?status=sent`)).body.items;
    const again = await call("POST", `/internal/webhooks/endpoints/${id}/deliveries/${sent.id}/redeliver`, {});
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: "pending", message_id: sent.message_id, event_type: "team.created" });
    await drain(runner.runOnce);
    await runner.stop();
    const redelivered = receiver.received[1]!;
    expect(redelivered.headers["svix-id"]).toBe(sent.message_id);
    expect(verifyWithSvix(rotated.body.secret, redelivered, lk.clock.now()).data).toEqual(team.body);
    expect(verifyWithSvix(endpoint.body.secret, redelivered, lk.clock.now()).type).toBe("team.created");

    expect((await call("GET", "/internal/webhooks/endpoints")).body.items.map((e: { id: string }) => e.id)).toEqual([id]);
    expect((await call("DELETE", `/internal/webhooks/endpoints/${id}`)).body).toEqual({ success: true });
    expect((await call("GET", `/internal/webhooks/endpoints/${id}`)).status).toBe(404);
    expect((await call("GET", "/internal/webhooks/endpoints")).body.items).toEqual([]);
  });

  it("refuses loopback, private and link-local targets unless the configuration allows them", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: false });
    const project = await lk.createProject();
    for (const url of ["http://127.0.0.1:9/hook", "http://localhost:9/hook", "http://169.254.169.254/latest/meta-data", "http://10.1.2.3/", "http://[::1]:9/", "http://[::ffff:127.0.0.1]/"]) {
      const refused = await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url });
      expect([url, refused.status]).toEqual([url, 400]);
      expect(refused.text).toMatch(/^The webhook URL cannot be used: .*(loopback|private|link-local|reserved)/);
    }
    expect((await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url: "ftp://example.com/" })).status).toBe(400);
    expect((await admin(lk, project)("GET", "/internal/webhooks/endpoints")).body.items).toEqual([]);
    // Only admins manage endpoints.
    expect((await server(lk, project)("GET", "/internal/webhooks/endpoints")).status).toBe(401);
  });

  it("refuses at delivery time a target that became private (an endpoint saved while allowed)", async () => {
    await using lk = await createTestInstance(dialect);
    await using receiver = await startWebhookReceiver();
    const project = await lk.createProject();
    const endpoint = await admin(lk, project)("POST", "/internal/webhooks/endpoints", { url: receiver.url.replace("127.0.0.1", "localhost") });
    await server(lk, project)("POST", "/teams", { display_name: "Engines" });
    const strict = testDeps(lk.deps.store, lk.clock, { allowPrivateOutbound: false });
    const runner = createJobRunner(strict);
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    expect(receiver.received).toEqual([]);
    const [delivery] = (await admin(lk, project)("GET", `/internal/webhooks/endpoints/${endpoint.body.id}/deliveries`)).body.items;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringMatching(/^Refused: localhost resolves to a loopback address/) });
  });

  it("answers POST /webhooks/svix-token with 201 and a token", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const answer = await admin(lk, project)("POST", "/webhooks/svix-token", {});
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ token: expect.stringMatching(/^lkwh_/) });
    const { verifyPortalToken } = await import("../../../../server/services/webhooks/portal-token.js");
    expect(verifyPortalToken(lk.deps, answer.body.token)).toBe(project.id);
  });

  it("adds no query to sign-in for a project without endpoints", async () => {
    await using lk = await createTestInstance(dialect, { validateResponses: false });
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    await server(lk, project)("POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" });
    const loads = vi.spyOn(lk.deps.queries.webhooks, "loadEnabled");
    for (let i = 0; i < 10; i++) {
      const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "a good password" } });
      expect([signIn.status, signIn.text]).toEqual([200, signIn.text]);
    }
    // Read once, then served from the cache for its lifetime.
    expect(loads.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
