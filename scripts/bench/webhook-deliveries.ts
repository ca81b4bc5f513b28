/**
 * Bench scenario `webhook-deliveries` (issue 27): a server on a fresh database of each dialect, allowed to
 * deliver to loopback, with one webhook endpoint (for `user.created`) pointing at a receiver in this
 * process (webhook-receiver.ts). 2,000 users (fewer with a smaller --users) are created through the
 * server API, 8 requests in flight, the cheapest request that records a webhook event.
 *
 * Reported: the time the creations take (deliveries start meanwhile), deliveries per second from the
 * first creation to the last delivery's arrival, and the server's CPU per delivery: its CPU over that
 * window less the CPU of creating as many users with no endpoint (measured first, on the same server,
 * after a warm-up), divided by the deliveries. A sample of the deliveries is verified with the
 * `standardwebhooks` package and the endpoint's secret, which proves they are the real, signed ones.
 *
 *   npm run bench -- --only webhook-deliveries [--dialect both]
 */
import { Webhook } from "standardwebhooks";
import { call, mapConcurrent, projectHeaders, type ProjectKeys } from "./api.js";
import { createBenchDatabase } from "./databases.js";
import { startLatchkey, type LatchkeyProcess, type ServerSecrets } from "./latchkey-server.js";
import type { BenchDialect, BenchOptions } from "./options.js";
import { openCpuWindow } from "./proc-stats.js";
import { createBenchProject } from "./seed-api.js";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.js";

const EVENTS = 2_000;
const WARMUP_USERS = 200;
const IN_FLIGHT = 8;

export interface WebhookDeliveriesResult {
  dialect: BenchDialect;
  events: number;
  /** The user creations with the endpoint in place, first request to last answer. */
  triggerMs: number;
  /** First creation to the last delivery's arrival. */
  deliveredMs: number;
  /** Last creation's answer to the last delivery's arrival. */
  drainMs: number;
  deliveriesPerSecond: number;
  /** Server CPU (all threads) per event, creations and deliveries together. */
  cpuMsPerEvent: number;
  /** Server CPU per user creation with no endpoint: the reference subtracted. */
  referenceCpuMsPerEvent: number;
  /** cpuMsPerEvent less the reference: what one delivery costs the server. */
  cpuMsPerDelivery: number;
  /** The same for the main thread (the event loop) alone. */
  loopMsPerDelivery: number;
  /** Deliveries of a message already received (retries): 0 when every first attempt succeeded. */
  duplicates: number;
  /** Deliveries whose signature `standardwebhooks` verified with the endpoint's secret. */
  verifiedSignatures: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Creates `count` users through the server API; returns the time it took in ms. */
async function createUsers(baseUrl: string, project: ProjectKeys, prefix: string, count: number): Promise<number> {
  const started = performance.now();
  await mapConcurrent(
    Array.from({ length: count }, (_, i) => i),
    IN_FLIGHT,
    (i) => call(baseUrl, "POST", "/users", { headers: projectHeaders(project, "server"), json: { display_name: `${prefix} ${i}` } }),
  );
  return performance.now() - started;
}

/** Verifies every delivery of the sample; throws on the first that is not a signed `user.created`. */
function verifySample(receiver: WebhookReceiver, secret: string): number {
  const webhook = new Webhook(secret);
  for (const delivery of receiver.sample) {
    const event = webhook.verify(delivery.body, delivery.headers) as { type?: string };
    if (event.type !== "user.created") throw new Error(`a delivery carried ${String(event.type)}, not user.created`);
  }
  return receiver.sample.length;
}

async function measureDialect(dialect: BenchDialect, options: BenchOptions, secrets: ServerSecrets, timeoutMs: number, log: (line: string) => void): Promise<WebhookDeliveriesResult> {
  const events = Math.min(EVENTS, options.bulkUsers > 0 ? options.bulkUsers : EVENTS);
  const database = await createBenchDatabase(dialect, options.pgAdminUrl);
  const receiver = await startWebhookReceiver();
  let server: LatchkeyProcess | undefined;
  try {
    [server] = await startLatchkey(database, secrets, 1, undefined, options.cpuProfileDir, undefined, { LATCHKEY_ALLOW_PRIVATE_OUTBOUND: "true" });
    const { url, child } = server!;
    const project = await createBenchProject(url, secrets.internalKeys);

    log(`webhook-deliveries ${dialect}: ${WARMUP_USERS} warm-up and ${events} reference user creations, no endpoint`);
    await createUsers(url, project, "Warm-up", WARMUP_USERS);
    const reference = openCpuWindow([child.pid]);
    await createUsers(url, project, "Reference", events);
    const referenceCpu = reference();

    const endpoint = await call(url, "POST", "/internal/webhooks/endpoints", { headers: projectHeaders(project, "admin"), json: { url: receiver.url, event_types: ["user.created"] } });
    log(`webhook-deliveries ${dialect}: ${events} user creations, each delivered to ${receiver.url}`);
    const window = openCpuWindow([child.pid]);
    const started = performance.now();
    const triggerMs = await createUsers(url, project, "Delivered", events);
    const lastArrival = await receiver.waitFor(events, timeoutMs);
    const cpu = window();
    const deliveredMs = lastArrival - started;
    if (!child.alive()) throw new Error(`the server exited:\n${child.output().slice(-2000)}`);
    const verifiedSignatures = verifySample(receiver, endpoint.body.secret as string);

    const perEvent = (seconds: number) => (seconds * 1000) / events;
    const cpuMsPerEvent = perEvent(cpu.processSeconds[child.pid]!);
    const referenceCpuMsPerEvent = perEvent(referenceCpu.processSeconds[child.pid]!);
    return {
      dialect,
      events,
      triggerMs: Math.round(triggerMs),
      deliveredMs: Math.round(deliveredMs),
      drainMs: Math.round(Math.max(0, deliveredMs - triggerMs)),
      deliveriesPerSecond: round((events / deliveredMs) * 1000, 1),
      cpuMsPerEvent: round(cpuMsPerEvent, 3),
      referenceCpuMsPerEvent: round(referenceCpuMsPerEvent, 3),
      cpuMsPerDelivery: round(cpuMsPerEvent - referenceCpuMsPerEvent, 3),
      loopMsPerDelivery: round(perEvent(cpu.mainThreadSeconds[child.pid]!) - perEvent(referenceCpu.mainThreadSeconds[child.pid]!), 3),
      duplicates: receiver.duplicates(),
      verifiedSignatures,
    };
  } finally {
    await server?.child.stop();
    await receiver.close();
    await database.dispose();
  }
}

export async function measureWebhookDeliveries(options: BenchOptions, secrets: ServerSecrets, timeoutMs: number, log: (line: string) => void): Promise<WebhookDeliveriesResult[]> {
  const results: WebhookDeliveriesResult[] = [];
  for (const dialect of options.dialects) results.push(await measureDialect(dialect, options, secrets, timeoutMs, log));
  return results;
}
