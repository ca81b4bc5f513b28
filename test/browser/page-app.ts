/**
 * What the browser tests of the REST API share (social sign-in, passkeys): the built server in its own
 * process with the internal project's keys known to the test, a page app served from its own origin
 * (http://localhost:<port>, never 127.0.0.1: an IP address cannot be an RP id), and admin calls.
 */
import { createServer } from "node:http";
import { expect } from "vitest";
import type { Dialect } from "../../server/db/store.js";
import { startServerProcess, type ServerProcess } from "../support/server-process.js";

/** The internal project's keys, given to the server process and used by the page and the admin calls. */
export const keys = {
  publishableClientKey: "pck_browser_test_publishable_000000000000000000000000",
  secretServerKey: "ssk_browser_test_secret_0000000000000000000000000000",
  superSecretAdminKey: "sak_browser_test_admin_00000000000000000000000000000",
};

/** The built server in its own process, with the internal project's keys and response validation on. */
export function startKeyedServer(dialect: Dialect): Promise<ServerProcess> {
  return startServerProcess(dialect, {
    LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: keys.publishableClientKey,
    LATCHKEY_INTERNAL_SECRET_SERVER_KEY: keys.secretServerKey,
    LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: keys.superSecretAdminKey,
    LATCHKEY_VALIDATE_RESPONSES: "true",
  });
}

/** A file the page app serves: its media type and its content. */
export interface AppFile {
  type: string;
  body: string;
}

/** Serves `files` by path (the query ignored; anything else is a 404); answers the app's origin. */
export async function servePageApp(files: Record<string, AppFile>): Promise<{ origin: string } & AsyncDisposable> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? "/", "http://localhost").pathname];
    if (file) res.writeHead(200, { "content-type": file.type }).end(file.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://localhost:${port}`, [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An admin call to the internal project; it must answer 200. */
export async function adminCall(api: string, method: string, path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${api}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-stack-access-type": "admin", "x-stack-project-id": "internal", "x-stack-super-secret-admin-key": keys.superSecretAdminKey },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
