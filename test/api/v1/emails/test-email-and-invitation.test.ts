/** The SMTP test mail (answers in the body; gives up after 10 s) and the sign-in invitation. */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";
import { drainOutbox, ownSmtp, startHeaderSink } from "./sending-support.js";

const config = (port: number, host = "127.0.0.1") => ({ host, port, username: "u", password: "test-smtp-password", sender_name: "Acme", sender_email: "noreply@acme.test" });

/** A port nothing listens on (a sink that was started and closed). */
async function deadPort(): Promise<number> {
  const sink = await startHeaderSink();
  await sink[Symbol.asyncDispose]();
  return sink.port;
}

describe.each(testDialects)("send-test-email and send-sign-in-invitation on %s", (dialect) => {
  it("sends a test mail through the given server and answers success", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ displayName: "Acme" });
    const res = await lk.call("POST", "/internal/send-test-email", { access: "admin", project, body: { recipient_email: "ops@example.test", email_config: config(sink.port) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(sink.messages.map((m) => [m.to[0], m.subject])).toEqual([["ops@example.test", "Test e-mail from Acme"]]);
    expect(sink.messages[0]!.headers.get("from")).toMatch(/^"?Acme"? <noreply@acme.test>$/);
  });

  it("answers success false with a message (no password) when the server cannot be reached, without waiting out the 10 s limit", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    for (const email_config of [config(await deadPort()), config(25, "no-such-host.invalid")]) {
      const res = await lk.call("POST", "/internal/send-test-email", { access: "admin", project, body: { recipient_email: "ops@example.test", email_config } });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      // The refusal itself is reported, not the limit's "Timed out after 10 seconds" (no wall-clock bound:
      // a loaded machine may answer late without a bug).
      // Stack's words for a server that cannot be reached (backend-fidelity-2.md §3).
      expect(res.body.error_message).toBe("Failed to connect to the email host. Please make sure the email host configuration is correct.");
      expect(res.text).not.toContain("test-smtp-password");
    }
    // A host the outbound rule refuses (loopback, with private targets off) reads the same.
    await using strict = await createTestInstance(dialect, { allowPrivateOutbound: false });
    const refused = await strict.call("POST", "/internal/send-test-email", { access: "admin", project: await strict.createProject(), body: { recipient_email: "ops@example.test", email_config: config(await deadPort()) } });
    expect(refused.body).toEqual({ success: false, error_message: "Failed to connect to the email host. Please make sure the email host configuration is correct." });
  }, 30_000);

  it("names each missing field with the dashboard's message", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const cases: [string, string][] = [
      ["host", "Email host is missing"],
      ["port", "Email port is missing"],
      ["username", "Email username is missing"],
      ["password", "Email password is missing"],
      ["sender_name", "Email sender name is missing"],
      ["sender_email", "Email sender email is missing"],
    ];
    for (const [field, message] of cases) {
      const email_config: Record<string, unknown> = { ...config(25) };
      delete email_config[field];
      const res = await lk.call("POST", "/internal/send-test-email", { access: "admin", project, body: { recipient_email: "ops@example.test", email_config } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("SCHEMA_ERROR");
      expect(res.body.error).toContain(`body.email_config.${field} ${message}`);
    }
    const server = await lk.call("POST", "/internal/send-test-email", { access: "server", project, body: { recipient_email: "ops@example.test", email_config: config(25) } });
    expect(server.status).toBe(401);
  });

  it("sends the sign-in invitation linking to a trusted callback, and refuses an untrusted one", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ configOverride: ownSmtp(sink.port) });
    const callback = "http://localhost:3000/handler/sign-in?from=invite";
    const res = await lk.call("POST", "/internal/send-sign-in-invitation", { access: "server", project, body: { email: "new@example.test", callback_url: callback } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.to[0])).toEqual(["new@example.test"]);
    expect(sink.messages[0]!.html).toContain(callback.replace("&", "&amp;"));
    const log = await lk.call("GET", "/internal/emails", { access: "admin", project });
    expect(log.body.items).toMatchObject([{ to: ["new@example.test"], error: null }]);

    const untrusted = await lk.call("POST", "/internal/send-sign-in-invitation", { access: "server", project, body: { email: "new@example.test", callback_url: "https://evil.example/cb" } });
    expectKnownError(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED");
  });
});
