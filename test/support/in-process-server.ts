/**
 * The real app in-process (a fresh test instance) listening on a loopback port, for browser tests: it
 * serves a built front-end (the hosted pages or the dashboard), can serve extra files on the same
 * origin, and comes with an SMTP sink for the mail of the projects it makes. Unlike
 * server-process.ts, the test keeps the instance at hand (`lk`: its clock, jobs and API calls).
 *
 *   await using server = await startInProcessServer(dialect, { frontend: "hosted" });
 *   const project = await server.createProject({ passkey_enabled: true });
 */
import { serve } from "@hono/node-server";
import { expect } from "vitest";
import type { ServerConfig } from "../../server/config.js";
import type { Dialect } from "../../server/db/store.js";
import { ensureFrontendBuilt, type Frontend } from "./frontend-build.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "./instance.js";
import { freePort } from "./server-process.js";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.js";

export interface InProcessServerOptions {
  /** The front-end to serve, built first when dist/ is missing or stale. */
  frontend: Frontend;
  /** Server settings on top of the test defaults (testServerConfig). */
  config?: Partial<ServerConfig>;
}

export interface InProcessServer extends AsyncDisposable {
  lk: TestInstance;
  /** `http://localhost:<port>`: the pages' origin (localhost, so a project may trust it). */
  url: string;
  /** Receives the mail of the projects made with `createProject`. */
  sink: SmtpSink;
  /**
   * A project named Orbit that sends its mail through the sink, with `settings` (the project's config as
   * the admin API takes it) on top of `allow_localhost: true`.
   */
  createProject(settings?: Record<string, unknown>): Promise<ProjectCredentials>;
  /** Serves `body` at `path` (same origin, ahead of the app), e.g. a test page that embeds the SDK. */
  serveFile(path: string, contentType: string, body: string): void;
}

export async function startInProcessServer(dialect: Dialect, options: InProcessServerOptions): Promise<InProcessServer> {
  await ensureFrontendBuilt(options.frontend);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const lk = await createTestInstance(dialect, { ...options.config, publicUrl: url });
  const sink = await startSmtpSink();
  const files = new Map<string, { contentType: string; body: string }>();
  const fetch = (request: Request) => {
    const file = files.get(new URL(request.url).pathname);
    return file ? new Response(file.body, { headers: { "content-type": file.contentType } }) : lk.app.fetch(request);
  };
  const server = serve({ fetch, port, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));

  return {
    lk,
    url,
    sink,
    async createProject(settings = {}) {
      const project = await lk.createProject({
        displayName: "Orbit",
        configOverride: {
          "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Orbit", senderEmail: "noreply@orbit.test" },
        },
      });
      const patched = await lk.call("PATCH", "/internal/projects/current", { access: "admin", project, body: { config: { allow_localhost: true, ...settings } } });
      expect(patched.status, patched.text).toBe(200);
      return project;
    },
    serveFile(path, contentType, body) {
      files.set(path, { contentType, body });
    },
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sink.close();
      await lk[Symbol.asyncDispose]();
    },
  };
}
