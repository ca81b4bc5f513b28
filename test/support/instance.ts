/**
 * The test-instance factory: a fresh database of the given dialect, the app wired in-process, the
 * internal project with known keys, and helpers to call the API as a client, server or admin.
 * Dispose it (`await using`) to close and drop the database.
 */
import type { Hono } from "hono";
import { createApp } from "../../server/app.js";
import type { ServerConfig } from "../../server/config.js";
import type { Dialect, Store } from "../../server/db/store.js";
import { createDeps } from "../../server/create-deps.js";
import type { AppDeps } from "../../server/deps.js";
import { createKeySet, generateKeys, type KeyValues } from "../../server/services/api-key-sets.js";
import { bootstrap } from "../../server/services/bootstrap.js";
import { registerBuiltInSinks } from "../../server/services/event-sinks.js";
import { manualClock, type Clock } from "../../server/services/clock.js";
import { createLogger } from "../../server/services/log.js";
import { createProject, type NewProject } from "../../server/services/projects.js";
import { createTestStore } from "./databases.js";

export type Access = "client" | "server" | "admin";

export interface ProjectCredentials {
  id: string;
  keys: Required<KeyValues>;
}

export interface CallOptions {
  access?: Access;
  project?: ProjectCredentials;
  headers?: Record<string, string>;
  body?: unknown;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface TestInstance extends AsyncDisposable {
  deps: AppDeps;
  app: Hono;
  clock: ReturnType<typeof manualClock>;
  internal: ProjectCredentials;
  /** Calls `/api/v1<path>`, authenticated with the project's key for `access` unless `headers` say otherwise. */
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** A new project with its own full key set. */
  createProject(project?: Partial<NewProject>): Promise<ProjectCredentials>;
  /** Every text value stored in the database, for checks that no secret is kept in the clear. */
  dumpDatabaseText(): Promise<string>;
}

export const internalTestKeys = {
  publishableClientKey: "pck_test_internal_publishable_0000000000000000000000",
  secretServerKey: "ssk_test_internal_secret_00000000000000000000000000",
  superSecretAdminKey: "sak_test_internal_admin_000000000000000000000000000",
};

/** A fixed server secret, so tests can decrypt what the server encrypted. */
export const testServerSecret = Buffer.alloc(32, 7);

const keyHeaders = {
  client: ["x-stack-publishable-client-key", "publishableClientKey"],
  server: ["x-stack-secret-server-key", "secretServerKey"],
  admin: ["x-stack-super-secret-admin-key", "superSecretAdminKey"],
} as const;

/** The configuration tests run the server with (in-process, silent, responses validated). */
export function testServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    publicUrl: "http://localhost:8102",
    dataDir: "/nonexistent",
    database: { dialect: "sqlite", path: ":memory:" },
    databasePoolSize: 5,
    internalKeys: internalTestKeys,
    validateResponses: true,
    checkTransactions: true,
    logLevel: "silent",
    serverSecret: undefined,
    accessTokenLifetimeMs: 600_000,
    passwordHashing: { concurrency: 2, queueLimit: 256 },
    trustProxy: { kind: "none" },
    abuseLimits: true,
    // Test SMTP sinks listen on 127.0.0.1; tests of the refusal turn this off.
    allowPrivateOutbound: true,
    sharedSmtp: null,
    oauth: { providerBaseUrls: {}, sharedCredentials: {} },
    metrics: { port: null, host: "127.0.0.1", token: null },
    auditCheckpointIntervalMs: 600_000,
    projectQuotas: { perUser: 100, perTeam: 100 },
    // A loaded test machine (many workers on few cores) can take longer than production's 1 s to render a
    // mail; tests of the deadline itself set it back.
    emailRenderTimeoutMs: 15_000,
    ...overrides,
  };
}

/** Dependencies as main.ts wires them, on a given store, with the test secret and a manual clock. */
export function testDeps(store: Store, clock: Clock, overrides: Partial<ServerConfig> = {}): AppDeps {
  const config = testServerConfig(overrides);
  return createDeps({ config, store, clock, log: createLogger(config.logLevel), serverSecret: testServerSecret });
}

export async function createTestInstance(dialect: Dialect, overrides: Partial<ServerConfig> = {}): Promise<TestInstance> {
  const testStore = await createTestStore(dialect);
  const store = testStore.store;
  const clock = manualClock(Date.now());
  const deps = testDeps(store, clock, overrides);
  registerBuiltInSinks(deps);
  await bootstrap(deps);
  const app = createApp(deps);
  const internal: ProjectCredentials = { id: "internal", keys: internalTestKeys };

  async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = {};
    const project = options.project ?? internal;
    if (options.access) {
      const [header, key] = keyHeaders[options.access];
      headers["x-stack-access-type"] = options.access;
      headers["x-stack-project-id"] = project.id;
      headers[header] = project.keys[key];
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      if (options.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        body = new URLSearchParams(options.body as Record<string, string>).toString();
      } else {
        headers["content-type"] = "application/json";
        body = JSON.stringify(options.body);
      }
    }
    Object.assign(headers, options.headers);
    const response = await app.request(`/api/v1${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("application/json")) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  return {
    deps,
    app,
    clock,
    internal,
    call,
    async createProject(project = {}) {
      const row = await createProject(deps, { displayName: "Test project", ...project });
      const keys = generateKeys({ publishable: true, secret: true, admin: true }) as Required<KeyValues>;
      await createKeySet(deps, row.id, { description: "test keys", expiresAt: new Date(clock.now().getTime() + 86_400_000), keys });
      return { id: row.id, keys };
    },
    async dumpDatabaseText() {
      const rows: unknown[] = [];
      for (const table of Object.values(store.t)) {
        rows.push(...(await store.db.select().from(table as typeof store.t.projects)));
      }
      return JSON.stringify(rows);
    },
    async [Symbol.asyncDispose]() {
      await testStore[Symbol.asyncDispose]();
    },
  };
}
