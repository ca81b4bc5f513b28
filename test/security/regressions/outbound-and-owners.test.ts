/**
 * Issue 18, finding 5: an anonymous user of the internal project could create a project, mint its keys
 * and point its `email_config` at any host and port, making the server connect to loopback or private
 * addresses (a blind SSRF). Anonymous users never own projects now, and a project's own SMTP host that
 * resolves to a loopback, link-local, private or reserved address is refused unless the server allows it
 * (LATCHKEY_ALLOW_PRIVATE_OUTBOUND; the test instance allows it, these tests do not).
 */
import { describe, expect, it } from "vitest";
import { createEmailTransports, EmailSendError } from "../../../server/services/email/transport.js";
import { addressKind } from "../../../server/services/net/addresses.js";
import { approveOutboundHost, OutboundTargetRefused } from "../../../server/services/net/outbound.js";
import { createTeam } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { startSmtpSink } from "../../support/smtp-sink.js";

const mail = { to: ["ada@example.com"], subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
const ownServer = (host: string, port: number) => ({
  "emails.server": { isShared: false, provider: "smtp", host, port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
});

describe.each(testDialects)("anonymous owners and private SMTP hosts on %s", (dialect) => {
  it("refuses to create a project for an anonymous user", async () => {
    await using lk = await createTestInstance(dialect);
    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", body: {} });
    expect(anonymous.status).toBe(200);
    const internal = (await lk.deps.queries.projects.find("internal"))!;
    const team = await createTeam(lk.deps, internal, { displayName: "Mine", creatorUserId: anonymous.body.user_id });
    const created = await lk.call("POST", "/internal/projects", {
      access: "client",
      headers: { "x-stack-access-token": anonymous.body.access_token, "x-stack-allow-anonymous-user": "true" },
      body: { display_name: "Probe", owner_team_id: team.id },
    });
    expect([created.status, created.body.code]).toEqual([401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED"]);
    expect(await lk.deps.queries.projects.listOwnedBy([team.id])).toEqual([]);
  });

  it("refuses a project's SMTP server on loopback unless the server allows private targets", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: false });
    await using sink = await startSmtpSink();
    const transports = createEmailTransports(lk.deps);
    try {
      for (const host of ["127.0.0.1", "localhost", "169.254.169.254", "10.1.2.3", "[::1]"]) {
        const project = await lk.createProject({ configOverride: ownServer(host, sink.port) });
        const transport = (await transports.forProject(project.id))!;
        await expect(transport.send(mail), host).rejects.toThrow(EmailSendError);
        await expect(transport.send(mail), host).rejects.toThrow(/refused/);
      }
      expect(sink.messages).toHaveLength(0);
    } finally {
      transports.close();
    }

    await using allowed = await createTestInstance(dialect, { allowPrivateOutbound: true });
    const allowedTransports = createEmailTransports(allowed.deps);
    try {
      const project = await allowed.createProject({ configOverride: ownServer("127.0.0.1", sink.port) });
      await (await allowedTransports.forProject(project.id))!.send(mail);
      expect(sink.messages).toHaveLength(1);
    } finally {
      allowedTransports.close();
    }
  });
});

describe("outbound address rules", () => {
  it("classifies addresses", () => {
    const kinds = ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "100.64.0.1", "fd00::1", "169.254.169.254", "fe80::1", "0.0.0.0", "::", "224.0.0.1", "64:ff9b::7f00:1", "93.184.216.34", "2606:4700::1111"].map(addressKind);
    expect(kinds).toEqual(["loopback", "loopback", "loopback", "private", "private", "private", "private", "private", "link-local", "link-local", "reserved", "reserved", "reserved", "loopback", "public", "public"]);
  });

  it("refuses a name with any private address, and connects to the address it approved", async () => {
    const lookup = (answers: string[]) => async () => answers;
    await expect(approveOutboundHost("mail.example.com", false, lookup(["93.184.216.34", "10.0.0.1"]))).rejects.toThrow(OutboundTargetRefused);
    await expect(approveOutboundHost("mail.example.com", false, lookup([]))).rejects.toThrow(OutboundTargetRefused);
    expect(await approveOutboundHost("mail.example.com", false, lookup(["93.184.216.34"]))).toBe("93.184.216.34");
    expect(await approveOutboundHost("mail.example.com", true, lookup(["10.0.0.1"]))).toBe("10.0.0.1");
  });
});
