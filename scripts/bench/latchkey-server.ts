/**
 * Latchkey server processes (`dist/server/main.js`) on loopback, configured as test/support/server-process.ts
 * does, with the internal project's keys and the server secret chosen by the bench so that it can
 * call the API and so that several processes accept each other's tokens.
 */
import { randomBytes } from "node:crypto";
import { spawnNode, freePort, waitUntilReady, type Child } from "./children.js";
import type { BenchDatabase } from "./databases.js";
import { serverNodeFlags } from "../server-node-flags.mjs";

export interface InternalKeys {
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export interface ServerSecrets {
  /** base64 of 32 random bytes (LATCHKEY_SERVER_SECRET) */
  serverSecret: string;
  internalKeys: InternalKeys;
  /** LATCHKEY_METRICS_TOKEN: /metrics on the public port, for the round trips the servers sent. */
  metricsToken: string;
}

export interface LatchkeyProcess {
  readonly url: string;
  readonly child: Child;
}

/** Secrets shared by every process of one deployment. */
export function newServerSecrets(): ServerSecrets {
  const random = () => randomBytes(24).toString("hex");
  return {
    serverSecret: randomBytes(32).toString("base64"),
    internalKeys: { publishableClientKey: `pck_bench_${random()}`, secretServerKey: `ssk_bench_${random()}`, superSecretAdminKey: `sak_bench_${random()}` },
    metricsToken: random(),
  };
}

/**
 * Starts `count` processes on `database`, one after the other (the first one migrates).
 * `publicUrl` is what clients reach them through (the proxy in front of several); tokens name it.
 */
/** The Node flags `npm start` runs the server with (scripts/server-node-flags.mjs), so that the bench measures the server as it ships. */
export function productionNodeFlags(): string[] {
  return [...serverNodeFlags];
}

/** Server settings a bench run may vary from its own environment (e.g. to compare pool sizes). */
const PASSED_THROUGH = ["DATABASE_POOL_SIZE", "LATCHKEY_PASSWORD_HASH_CONCURRENCY", "LATCHKEY_PASSWORD_HASH_QUEUE", "MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"] as const;

function passedThrough(): Record<string, string> {
  return Object.fromEntries(PASSED_THROUGH.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

export async function startLatchkey(
  database: BenchDatabase,
  secrets: ServerSecrets,
  count = 1,
  publicUrl?: string,
  cpuProfileDir: string | null = null,
  /** The server bundle to run (another build's, in --compare). */
  entry = "dist/server/main.js",
  /** Settings a scenario needs on top of the bench's (e.g. LATCHKEY_ALLOW_PRIVATE_OUTBOUND for webhooks to loopback). */
  extraEnv: Record<string, string> = {},
): Promise<LatchkeyProcess[]> {
  const processes: LatchkeyProcess[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawnNode(
      `latchkey #${i + 1}`,
      [entry],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        LATCHKEY_DATA_DIR: database.dataDir,
        LATCHKEY_PUBLIC_URL: publicUrl ?? url,
        LATCHKEY_SERVER_SECRET: secrets.serverSecret,
        LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: secrets.internalKeys.publishableClientKey,
        LATCHKEY_INTERNAL_SECRET_SERVER_KEY: secrets.internalKeys.secretServerKey,
        LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: secrets.internalKeys.superSecretAdminKey,
        LATCHKEY_METRICS_TOKEN: secrets.metricsToken,
        // Tokens minted while seeding must outlive the whole run; verifying them costs the same.
        LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS: "7200",
        LATCHKEY_LOG_LEVEL: "error",
        // All load comes from 127.0.0.1, which is limited per address like any other (no loopback exemption).
        LATCHKEY_ABUSE_LIMITS: "off",
        ...passedThrough(),
        ...extraEnv,
        NODE_ENV: "production",
      },
      // The profile is written when the process exits (SIGTERM ends it through process.exit).
      { nodeFlags: [...productionNodeFlags(), ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []), ...(process.env.LATCHKEY_BENCH_NODE_FLAGS ? process.env.LATCHKEY_BENCH_NODE_FLAGS.split(" ") : [])] },
    );
    await waitUntilReady(child, `${url}/health`);
    processes.push({ url, child });
  }
  return processes;
}
