/**
 * Issue 18, finding 3 (invitation mail bombing): POST /team-invitations/send-code had no per-recipient
 * limit and put the team's display name (attacker-written) into the subject; 30 invitations to one
 * address went out at once. Now: at most 5 invitations per recipient address and project per hour, the
 * team name only quoted in the body, and invitations have their own per-project budget, so a flood of
 * them cannot use up the one sign-in mail needs.
 */
import { describe, expect, it } from "vitest";
import { createTeam } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { startSmtpSink } from "../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/team-invitation";
const phishingName = "URGENT: your account is suspended, call +1 555 0100 at once";

describe.each(testDialects)("invitation mail on %s", (dialect) => {
  it("caps invitations per recipient and keeps the team name out of the subject", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      configOverride: {
        "auth.otp.allowSignIn": true,
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const row = (await lk.deps.queries.projects.find(project.id))!;
    const teams = [];
    for (let i = 0; i < 3; i++) teams.push((await createTeam(lk.deps, row, { displayName: `${phishingName} ${i}` })).id);
    const invite = (teamId: string, email: string) =>
      lk.call("POST", "/team-invitations/send-code", { access: "server", project, body: { team_id: teamId, email, callback_url: callback } });

    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await invite(teams[i % 3]!, "Target@Example.com")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await invite(teams[0]!, "someone.else@example.com")).status).toBe(200);

    await lk.deps.jobs.runOnce();
    const mails = await sink.waitFor((m) => m.to.includes("someone.else@example.com"));
    expect(mails.subject).not.toContain("URGENT");
    expect(sink.messages.filter((m) => m.to.some((to) => to.toLowerCase() === "target@example.com"))).toHaveLength(5);
    for (const m of sink.messages) expect(m.subject).toBe("You're invited to join a team on Test project");
    expect(mails.text).toContain(`“${phishingName} 0”`);

    lk.clock.advance(3_600_000);
    expect((await invite(teams[0]!, "target@example.com")).status).toBe(200);
  });

  it("a project whose invitation budget is used up still sends sign-in codes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.otp.allowSignIn": true } });
    const row = (await lk.deps.queries.projects.find(project.id))!;
    const team = await createTeam(lk.deps, row, { displayName: "Core" });
    const now = lk.clock.now().getTime();
    // The project has sent its hourly allowance of invitations (1,000) just now.
    await lk.deps.store.db.insert(lk.deps.store.t.rateLimits).values({ key: `project:send-invitation:${project.id}`, windowStartMs: now, count: 1_000 });

    const invited = await lk.call("POST", "/team-invitations/send-code", { access: "server", project, body: { team_id: team.id, email: "x@example.com", callback_url: callback } });
    expect(invited.status).toBe(429);
    const code = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    expect(code.status, code.text).toBe(200);
  });
});
