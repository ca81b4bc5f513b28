/**
 * /metrics in Prometheus text format, parsed strictly: a sign-in, a lockout and an e-mail are counted;
 * the endpoint needs its bearer token on the public port and is absent without configuration.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { createTestInstance, type TestInstance } from "../support/instance.js";
import { expectStatusError } from "../support/known-errors.js";
import { parsePrometheusText, valueOf } from "../support/prometheus-text.js";
import { startSmtpSink } from "../support/smtp-sink.js";

const token = "metrics-test-token-0123456789";
const metrics = { port: null, host: "127.0.0.1", token };

async function scrape(lk: TestInstance) {
  const response = await lk.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parsePrometheusText(await response.text());
}

describe.each(testDialects)("/metrics on %s", (dialect) => {
  it("counts a sign-in, a lockout and an e-mail, with request latencies per procedure and status", async () => {
    await using lk = await createTestInstance(dialect, { metrics, abuseLimits: false });
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const client = { access: "client" as const, project };
    const signUp = await lk.call("POST", "/auth/password/sign-up", {
      ...client,
      body: { email: "ada@example.com", password: "first password", verification_callback_url: "http://localhost:3000/handler/email-verification" },
    });
    expect(signUp.status).toBe(200);
    // Sign-up's verification mail went out before its answer (email/send-now.ts); a reset mail waits for the runner.
    const reset = await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/password-reset" } });
    expect(reset.status).toBe(200);
    const queued = await scrape(lk);
    expect(valueOf(queued, "latchkey_outbox_pending", { kind: "email" })).toBe(1);
    await lk.deps.jobs.runOnce();
    await sink.waitFor((m) => m.to.includes("ada@example.com") && m.text.includes("password-reset"), 5_000);

    expect((await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "first password" } })).status).toBe(200);
    let answer = 0;
    for (let attempt = 0; attempt < 12 && answer !== 429; attempt++) {
      answer = (await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "wrong password" } })).status;
    }
    expect(answer).toBe(429);

    const families = await scrape(lk);
    expect(valueOf(families, "latchkey_sign_ins_total", { method: "password", result: "success" })).toBe(1);
    expect(valueOf(families, "latchkey_sign_ins_total", { method: "password", result: "failure" })).toBe(10);
    expect(valueOf(families, "latchkey_sign_ins_total", { method: "password", result: "refused" })).toBe(1);
    expect(valueOf(families, "latchkey_sign_in_lockouts_total")).toBe(1);
    expect(valueOf(families, "latchkey_outbox_deliveries_total", { kind: "email", result: "sent" })).toBe(2);
    expect(valueOf(families, "latchkey_outbox_delivery_duration_seconds_count", { kind: "email" })).toBe(2);
    expect(valueOf(families, "latchkey_outbox_pending", { kind: "email" })).toBe(0);
    expect(valueOf(families, "latchkey_outbox_oldest_pending_age_seconds", { kind: "email" })).toBe(0);

    const requests = families.get("latchkey_http_request_duration_seconds")!;
    expect(requests.type).toBe("histogram");
    const signInCount = (status: string) =>
      valueOf(families, "latchkey_http_request_duration_seconds_count", { procedure: "passwordSignIn", method: "POST", status });
    expect([signInCount("200"), signInCount("400"), signInCount("429")]).toEqual([1, 10, 1]);
    expect(valueOf(families, "latchkey_http_request_duration_seconds_count", { procedure: "passwordSignUp", method: "POST", status: "200" })).toBe(1);
    // The process's own metrics come along.
    expect(families.get("latchkey_process_cpu_seconds_total")?.type).toBe("counter");
    if (dialect === "postgres") {
      expect(valueOf(families, "latchkey_db_pool_max")).toBe(lk.deps.config.databasePoolSize);
      expect(valueOf(families, "latchkey_db_pool_connections", { state: "open" })).toBeGreaterThan(0);
    } else {
      expect(families.has("latchkey_db_pool_connections")).toBe(false);
    }
  });

  it("answers 401 without the bearer token, and is not served at all without configuration", async () => {
    await using lk = await createTestInstance(dialect, { metrics });
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", token]) {
      const response = await lk.app.request("/metrics", { headers: authorization ? { authorization } : {} });
      expectStatusError({ status: response.status, headers: response.headers, text: await response.text(), body: undefined }, 401, "metricsTokenRequired");
    }
    await using off = await createTestInstance(dialect);
    expect((await off.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });
});

describe("the strict Prometheus text parser", () => {
  it("refuses what promtool refuses", () => {
    const ok = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\"} 2\n";
    expect(valueOf(parsePrometheusText(ok), "a_total", { x: "1" })).toBe(2);
    // prom-client writes "Nan" for a summary without samples; Prometheus (Go's ParseFloat) reads any case.
    expect(valueOf(parsePrometheusText("# TYPE g gauge\ng Nan\n"), "g")).toBeNaN();
    for (const bad of [
      "a_total 1", // no final newline
      "# TYPE a counter\na 1\na 2\n", // a series twice
      "# TYPE a counter\na 1\n# TYPE b gauge\nb 1\na{x=\"1\"} 1\n", // a family's samples apart
      "# TYPE a counter\na -1\n",
      "a{x=1} 1\n",
      "a{1x=\"1\"} 1\n",
      "a  1\n",
      "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
      "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",
      "# TYPE a counter\n# TYPE a counter\na 1\n",
    ]) {
      expect(() => parsePrometheusText(bad), bad).toThrow();
    }
  });
});
