/**
 * Two servers on one database, in this process: each with its own dependencies (caches) and app, one
 * manual clock; on PostgreSQL two stores (separate pools on a fresh database), on SQLite one store on a
 * file (see below; two real processes on one database are covered by scripts/faults/two-processes.ts).
 * What one server counts the other must see, as two server processes would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { createApp } from "../../../../server/app.js";
import { openStore } from "../../../../server/db/open-store.js";
import type { Dialect, Store } from "../../../../server/db/store.js";
import type { AppDeps } from "../../../../server/deps.js";
import { createKeySet, generateKeys, type KeyValues } from "../../../../server/services/api-key-sets.js";
import { bootstrap } from "../../../../server/services/bootstrap.js";
import { manualClock } from "../../../../server/services/clock.js";
import { createProject } from "../../../../server/services/projects.js";
import { createTestDatabase } from "../../../support/databases.js";
import { testDeps, type ApiResponse, type ProjectCredentials } from "../../../support/instance.js";

export interface TwoServers extends AsyncDisposable {
  apps: [Hono, Hono];
  deps: AppDeps;
  clock: ReturnType<typeof manualClock>;
  createProject(configOverride?: Record<string, unknown>): Promise<ProjectCredentials>;
}

export async function startTwoServers(dialect: Dialect): Promise<TwoServers> {
  const dir = dialect === "sqlite" ? mkdtempSync(join(tmpdir(), "latchkey-two-")) : null;
  const database = dir ? null : await createTestDatabase("postgres");
  const location = dir ? { dialect: "sqlite" as const, path: join(dir, "latchkey.db") } : { dialect: "postgres" as const, url: database!.url };
  // On SQLite both apps share one connection. Two connections in one thread cannot stand for two
  // processes there: better-sqlite3 waits out a locked database synchronously (busy_timeout), which
  // stops the very event loop whose open transaction holds the lock, so a burst stalls for 5 s per
  // blocked statement (75 s in CI). Each app still has its own dependencies and caches.
  const stores: Store[] = [];
  stores.push(await openStore({ location, poolSize: 5, checkTransactions: true }));
  stores.push(dir ? stores[0]! : await openStore({ location, poolSize: 5, checkTransactions: true }));
  const clock = manualClock(Date.now());
  const deps = stores.map((store) => testDeps(store, clock)) as [AppDeps, AppDeps];
  await bootstrap(deps[0]);
  return {
    apps: [createApp(deps[0]), createApp(deps[1])],
    deps: deps[0],
    clock,
    async createProject(configOverride = {}) {
      const row = await createProject(deps[0], { displayName: "Two servers", configOverride });
      const keys = generateKeys({ publishable: true, secret: true, admin: true }) as Required<KeyValues>;
      await createKeySet(deps[0], row.id, { description: "test keys", expiresAt: new Date(clock.now().getTime() + 86_400_000), keys });
      return { id: row.id, keys };
    },
    async [Symbol.asyncDispose]() {
      for (const store of new Set(stores)) await store.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await database?.[Symbol.asyncDispose]();
    },
  };
}

/** A client (or server) call to `/api/v1<path>` on one app. */
export async function callApp(app: Hono, project: ProjectCredentials, method: string, path: string, body?: unknown, access: "client" | "server" = "client", headers: Record<string, string> = {}): Promise<ApiResponse> {
  const keyHeader: Record<string, string> =
    access === "client" ? { "x-stack-publishable-client-key": project.keys.publishableClientKey } : { "x-stack-secret-server-key": project.keys.secretServerKey };
  const res = await app.request(`/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-stack-access-type": access, "x-stack-project-id": project.id, ...keyHeader, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith("{") ? JSON.parse(text) : text, text };
}
