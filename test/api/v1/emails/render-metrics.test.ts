/**
 * E-mail render time on /metrics (issue 26): every render of the server, timed by kind (default: the
 * product's own mails; template, theme, ...) and outcome, and failed renders counted by reason
 * (deadline, memory, error). The series exist from the start, at 0.
 */
import { describe, expect, it } from "vitest";
import { emailRenderer } from "../../../../server/services/email/catalogue/renderer.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { parsePrometheusText, valueOf } from "../../../support/prometheus-text.js";
import { startSmtpSink } from "../../../support/smtp-sink.js";

const token = "email-render-metrics-token-0123456789";
const metrics = { port: null, host: "127.0.0.1", token };
const LIGHT = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
const failing = (code: string) => `import { Subject } from "@latchkey/emails";
export function EmailTemplate() {
  ${code}
  return <><Subject value="never" /><p>never</p></>;
}`;

async function scrape(lk: TestInstance) {
  const response = await lk.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const families = parsePrometheusText(await response.text());
  return {
    renders: (kind: string, outcome: string) => valueOf(families, "latchkey_email_render_duration_seconds_count", { kind, outcome }),
    seconds: (kind: string, outcome: string) => valueOf(families, "latchkey_email_render_duration_seconds_sum", { kind, outcome }),
    failures: (reason: string) => valueOf(families, "latchkey_email_render_failures_total", { reason }),
    type: (name: string) => families.get(name)?.type,
  };
}

describe.each(testDialects)("e-mail render metrics on %s", { timeout: 120_000 }, (dialect) => {
  it("times renders by kind and outcome, and counts failures by reason", async () => {
    // A generous deadline: these renders are about their outcome, on a machine that may be busy.
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 15_000, abuseLimits: false, metrics });
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      displayName: "Acme",
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const admin = (method: "POST" | "PATCH", path: string, body: unknown) => lk.call(method, path, { access: "admin", project, body });
    await emailRenderer(lk.deps).whenReady();

    const before = await scrape(lk);
    expect(before.type("latchkey_email_render_duration_seconds")).toBe("histogram");
    expect(before.type("latchkey_email_render_failures_total")).toBe("counter");
    for (const kind of ["default", "template", "theme", "draft", "html"]) {
      expect([before.renders(kind, "ok"), before.renders(kind, "error")]).toEqual([0, 0]);
    }
    expect([before.failures("deadline"), before.failures("memory"), before.failures("error")]).toEqual([0, 0, 0]);

    // A template preview that renders, and two that fail: a thrown error and the memory limit.
    const rendered = await admin("POST", "/emails/render-email", { template_id: "e7d009ce-8d47-4528-b245-5bf119f2ffa3", theme_id: LIGHT });
    expect(rendered.status, rendered.text).toBe(200);
    for (const code of ["throw new Error('broken');", "new Uint8Array(1e9);"]) {
      const failed = await admin("POST", "/emails/render-email", { template_tsx_source: failing(code), theme_id: false });
      expect([failed.status, failed.body.code]).toEqual([400, "EMAIL_RENDERING_ERROR"]);
    }
    // A theme that fails when saved.
    const theme = await admin("POST", "/internal/email-themes", { display_name: "Broken" });
    const saved = await admin("PATCH", `/internal/email-themes/${theme.body.id}`, { tsx_source: "export function EmailTheme() { throw new Error('no theme'); }" });
    expect(saved.body.code).toBe("EMAIL_RENDERING_ERROR");
    // A product mail, rendered when the outbox delivers it.
    const signUp = await lk.call("POST", "/auth/password/sign-up", {
      access: "client",
      project,
      body: { email: "ada@example.com", password: "a fine password", verification_callback_url: "http://localhost:3000/handler/email-verification" },
    });
    expect(signUp.status).toBe(200);
    await lk.deps.jobs.runOnce();
    await sink.waitFor((m) => m.to.includes("ada@example.com"), 15_000);

    const after = await scrape(lk);
    expect([after.renders("template", "ok"), after.renders("template", "error")]).toEqual([1, 2]);
    expect([after.renders("theme", "ok"), after.renders("theme", "error")]).toEqual([0, 1]);
    expect([after.renders("default", "ok"), after.renders("default", "error")]).toEqual([1, 0]);
    expect([after.failures("error"), after.failures("memory"), after.failures("deadline")]).toEqual([2, 1, 0]);
    expect(after.seconds("default", "ok")).toBeGreaterThan(0);
  });

  it("counts a render stopped at its deadline, with the time it ran", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 1000, metrics });
    const project = await lk.createProject({ displayName: "Acme" });
    await emailRenderer(lk.deps).whenReady(); // a cold pool's start is not the render's deadline
    const looping = await lk.call("POST", "/emails/render-email", { access: "admin", project, body: { template_tsx_source: failing("while (true) {}"), theme_id: false } });
    expect([looping.status, looping.body.details]).toEqual([400, { error: "Rendering timed out after 1000 ms" }]);
    const after = await scrape(lk);
    expect([after.renders("template", "error"), after.failures("deadline"), after.failures("error")]).toEqual([1, 1, 0]);
    expect(after.seconds("template", "error")).toBeGreaterThanOrEqual(1);
  });
});
