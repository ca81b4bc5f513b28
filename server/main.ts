/**
 * Starts the server. Every check comes first (settings, database, server secret against what the
 * database holds, both ports taken), before anything is created or printed: a refused start leaves no
 * keys behind that nobody saw. Then first-start set-up, and the one-time keys and a short banner, after
 * the server listens.
 */
import { createAdaptorServer } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import { createMetricsApp } from "./http/metrics-endpoint.js";
import { loadConfig, type ServerConfig } from "./config.js";
import { openStore } from "./db/open-store.js";
import { createDeps } from "./create-deps.js";
import { bootstrap } from "./services/bootstrap.js";
import { systemClock } from "./services/clock.js";
import { registerBuiltInSinks } from "./services/event-sinks.js";
import { SECRET_MISMATCH } from "./services/health.js";
import { createLogger } from "./services/log.js";
import { configurePasswordHashing } from "./services/passwords.js";
import { readServerSecret } from "./services/server-secret.js";
import { secretOpensSigningKeys } from "./services/tokens/signing-keys.js";
import { startBanner } from "./start-banner.js";
import { databaseSetting, exitCodes, exitOnStartFailure, listenError, StartError, startStep } from "./start-errors.js";

// A wrong setting stops the start with one line naming it (start-errors.ts), before anything is opened.
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  exitOnStartFailure(error);
}
const log = createLogger(config.logLevel);
const store = await startStep(databaseSetting(config), () =>
  openStore({ location: config.database, poolSize: config.databasePoolSize, checkTransactions: config.checkTransactions }),
).catch(exitOnStartFailure);
const serverSecret = await startStep({ variable: "LATCHKEY_DATA_DIR", value: config.dataDir }, () => readServerSecret(config.serverSecret, config.dataDir)).catch(
  exitOnStartFailure,
);
configurePasswordHashing(config.passwordHashing.concurrency, config.passwordHashing.queueLimit);
const deps = createDeps({ config, store, clock: systemClock, log, serverSecret: serverSecret.secret });
/** Ends the start when this process's secret does not open the database's signing keys (another secret sealed them). */
async function refuseAnotherSecret(): Promise<void> {
  if (await secretOpensSigningKeys(deps.queries.signingKeys, deps.secrets).catch(exitOnStartFailure)) return;
  const variable = config.serverSecret ? "LATCHKEY_SERVER_SECRET" : `LATCHKEY_SERVER_SECRET (unset: ${config.dataDir}/server-secret)`;
  exitOnStartFailure(new StartError(`${variable}: ${SECRET_MISMATCH.replace(/^this process's server secret/, "this secret")}`, exitCodes.config));
}
await refuseAnotherSecret();
registerBuiltInSinks(deps);

// Requests that arrive between listening and the end of first-start set-up wait for it.
let ready = false;
let markReady = () => {};
const settingUp = new Promise<void>((resolve) => (markReady = resolve));
const app = createApp(deps);
const server = createAdaptorServer({ fetch: (request, env) => (ready ? app.fetch(request, env) : settingUp.then(() => app.fetch(request, env))) });
const metricsServer = config.metrics.port === null ? null : createAdaptorServer({ fetch: createMetricsApp(deps).fetch });

/** Listens, or ends the process with the one line that says why (before anything was created). */
function listen(httpServer: typeof server, port: number, host: string, variables: { portVariable: string; hostVariable: string }): Promise<AddressInfo> {
  return new Promise((resolve) => {
    httpServer.once("error", (error) => exitOnStartFailure(listenError(error, { port: String(port), host, ...variables })));
    httpServer.listen(port, host, () => resolve(httpServer.address() as AddressInfo));
  });
}
const address = await listen(server, config.port, config.host, { portVariable: "PORT", hostVariable: "HOST" });
if (metricsServer) await listen(metricsServer, config.metrics.port!, config.metrics.host, { portVariable: "LATCHKEY_METRICS_PORT", hostVariable: "LATCHKEY_METRICS_HOST" });

serverSecret.save?.();
// Two first starts at once with different secrets: the one whose set-up finds the other's keys says so.
const { generatedKeys } = await bootstrap(deps).catch(async (error: unknown) => {
  await refuseAnotherSecret();
  return exitOnStartFailure(error);
});
deps.jobs.start();
ready = true;
markReady();
log.info("listening", { port: address.port, database: config.database.dialect === "sqlite" ? `sqlite:${config.database.path}` : "postgres" });
process.stdout.write(startBanner(config, generatedKeys));

/** How long a stop waits for requests in progress before it closes their connections. */
const DRAIN_TIMEOUT_MS = 20_000;

/**
 * Stops listening (new connections are refused at once), closes keep-alive connections as they fall
 * idle, and resolves when every connection is gone: requests in progress finish first, unless they
 * outlast `DRAIN_TIMEOUT_MS`, when their connections are cut.
 */
function drain(httpServer: typeof server): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => closeIdle(httpServer), 100);
    const deadline = setTimeout(() => {
      log.error("shutdown: requests still running after the drain timeout; closing their connections", { timeoutMs: DRAIN_TIMEOUT_MS });
      if ("closeAllConnections" in httpServer) httpServer.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    httpServer.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    });
    closeIdle(httpServer);
  });
}

function closeIdle(httpServer: typeof server) {
  if ("closeIdleConnections" in httpServer) httpServer.closeIdleConnections();
}

let stopping = false;
/**
 * SIGTERM or SIGINT: stop taking connections, let the requests in progress finish, then stop the
 * outbox runner (which finishes the deliveries it has claimed; rows not yet claimed stay for the next
 * runner), close the database and exit 0.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  await Promise.all([drain(server), metricsServer ? drain(metricsServer) : undefined]);
  await deps.jobs.stop();
  await store.close();
  log.info("stopped", { signal });
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
