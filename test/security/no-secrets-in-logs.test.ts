/**
 * Runs a server at debug log level through flows that create secrets (passwords, tokens, mailed codes,
 * key sets, CLI codes) and checks that its log contains none of them.
 */
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../support/server-process.js";
import { linkFrom, startSmtpSink } from "../support/smtp-sink.js";

const env = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_logtest_publishable_0000000000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_logtest_secret_000000000000000000000000000000",
  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "sak_logtest_admin_0000000000000000000000000000000",
  LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 5).toString("base64"),
  LATCHKEY_LOG_LEVEL: "debug",
};

describe("server logs", () => {
  it("never contain a password, token, mailed code or key", async () => {
    await using sink = await startSmtpSink();
    const server = await startServerProcess("sqlite", { ...env, LATCHKEY_SMTP_URL: sink.url });
    const secrets: string[] = [env.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY, env.LATCHKEY_INTERNAL_SECRET_SERVER_KEY, env.LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY];
    const call = async (method: string, path: string, access: "client" | "server" | "admin", body?: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          "x-stack-access-type": access,
          "x-stack-project-id": "internal",
          "x-stack-publishable-client-key": env.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY,
          "x-stack-secret-server-key": env.LATCHKEY_INTERNAL_SECRET_SERVER_KEY,
          "x-stack-super-secret-admin-key": env.LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY,
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
    };
    try {
      const password = "log secret password 1";
      secrets.push(password);
      const signUp = await call("POST", "/auth/password/sign-up", "client", { email: "log@example.com", password, verification_callback_url: `${server.url}/handler/email-verification` });
      expect(signUp.status).toBe(200);
      secrets.push(signUp.body.access_token, signUp.body.refresh_token);
      secrets.push(linkFrom(await sink.waitFor((m) => m.to.includes("log@example.com"))));

      const wrong = await call("POST", "/auth/password/sign-in", "client", { email: "log@example.com", password: "a wrong password that must not be logged" });
      expect(wrong.status).toBe(400);
      secrets.push("a wrong password that must not be logged");

      const refreshed = await fetch(`${server.url}/api/v1/auth/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: signUp.body.refresh_token, client_id: "internal", client_secret: env.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY }),
      });
      secrets.push(((await refreshed.json()) as { access_token: string }).access_token);

      await call("POST", "/auth/password/send-reset-code", "client", { email: "log@example.com", callback_url: `${server.url}/handler/password-reset` });
      const reset = linkFrom(await sink.waitFor((m) => m.text.includes("/handler/password-reset")));
      secrets.push(reset);
      expect((await call("POST", "/auth/password/reset", "client", { code: reset, password: "log reset password 2" })).status).toBe(200);
      secrets.push("log reset password 2");

      const keySet = await call("POST", "/internal/api-keys", "admin", { description: "logged?", expires_at_millis: Date.now() + 86_400_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true });
      secrets.push(keySet.body.publishable_client_key, keySet.body.secret_server_key, keySet.body.super_secret_admin_key);

      const cli = await call("POST", "/auth/cli", "client", {});
      secrets.push(cli.body.polling_code, cli.body.login_code);
      await call("POST", "/auth/cli/poll", "client", { polling_code: cli.body.polling_code });
    } finally {
      await server[Symbol.asyncDispose]();
    }
    const log = server.output();
    expect(log).toContain('"message":"request"');
    for (const secret of secrets) {
      expect(typeof secret).toBe("string");
      expect(log.includes(secret), `the log contains a secret of ${secret.length} characters`).toBe(false);
    }
  }, 60_000);
});
