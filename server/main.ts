/** Starts the server: configuration, database (migrated), first-start set-up, HTTP. */
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { createMetricsApp } from "./http/metrics-endpoint.js";
import { loadConfig, type ServerConfig } from "./config.js";
import { openStore } from "./db/store.js";
import { createDeps } from "./deps.js";
import { bootstrap } from "./services/bootstrap.js";
import { systemClock } from "./services/clock.js";
import { registerBuiltInSinks } from "./services/event-sinks.js";
import { createLogger } from "./services/log.js";
import { configurePasswordHashing } from "./services/passwords.js";
import { loadServerSecret } from "./services/server-secret.js";
import { databaseSetting, exitOnStartFailure, listenError, startStep } from "./start-errors.js";

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
const serverSecret = await startStep({ variable: "LATCHKEY_DATA_DIR", value: config.dataDir }, () => loadServerSecret(config.serverSecret, config.dataDir)).catch(
  exitOnStartFailure,
);
configurePasswordHashing(config.passwordHashing.concurrency, config.passwordHashing.queueLimit);
const deps = createDeps({ config, store, clock: systemClock, log, serverSecret });
registerBuiltInSinks(deps);

const { generatedKeys } = await bootstrap(deps);
if (generatedKeys) {
  process.stdout.write(
    [
      "",
      "Latchkey created the internal project's keys. They are shown only now; store them safely:",
      `  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY=${generatedKeys.publishableClientKey}`,
      `  LATCHKEY_INTERNAL_SECRET_SERVER_KEY=${generatedKeys.secretServerKey}`,
      `  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY=${generatedKeys.superSecretAdminKey}`,
      "",
    ].join("\n") + "\n",
  );
}

deps.jobs.start();
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info("listening", {
    port: info.port,
    database: config.database.dialect === "sqlite" ? `sqlite:${config.database.path}` : "postgres",
  });
});
server.once("error", (error) => exitOnStartFailure(listenError(error, { port: String(config.port), host: config.host, portVariable: "PORT", hostVariable: "HOST" })));
const metricsPort = config.metrics.port;
const metricsServer = metricsPort === null ? null : serve({ fetch: createMetricsApp(deps).fetch, port: metricsPort, hostname: config.metrics.host });
metricsServer?.once("error", (error) =>
  exitOnStartFailure(listenError(error, { port: String(metricsPort), host: config.metrics.host, portVariable: "LATCHKEY_METRICS_PORT", hostVariable: "LATCHKEY_METRICS_HOST" })),
);

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
