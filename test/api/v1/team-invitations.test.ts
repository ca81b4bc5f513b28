import { describe, expect, it } from "vitest";
import { teamInvitation } from "../../../contract/team-invitations.js";
import { addTeamMember, createTeam } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/team-invitation";
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";
const SEVEN_DAYS = 7 * 24 * 3600 * 1000;

interface SignedUp {
  id: string;
  headers: Record<string, string>;
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<SignedUp> {
  const body = { email, password: "a fine password", verification_callback_url: "http://localhost:3000/handler/email-verification" };
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body });
  expect(res.status).toBe(200);
  return { id: res.body.user_id, headers: { "x-stack-access-token": res.body.access_token } };
}

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

async function projectWithMail(lk: TestInstance, sink: SmtpSink): Promise<ProjectCredentials> {
  return lk.createProject({
    configOverride: {
      "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
    },
  });
}

/** A team of the project created by `creatorId`, who gets the creator defaults (team_admin). */
async function teamOf(lk: TestInstance, project: ProjectCredentials, creatorId: string, displayName = "Engines"): Promise<string> {
  const row = await lk.deps.queries.projects.find(project.id);
  return (await createTeam(lk.deps, row!, { displayName, creatorUserId: creatorId })).id;
}

async function join(lk: TestInstance, project: ProjectCredentials, teamId: string, userId: string): Promise<void> {
  const row = await lk.deps.queries.projects.find(project.id);
  await addTeamMember(lk.deps, row!, teamId, userId);
}

/** The code of the newest invitation mail to `to`. */
async function invitationCode(lk: TestInstance, sink: SmtpSink, to: string): Promise<string> {
  const isInvitation = (m: { to: string[]; subject: string }) => m.to.includes(to) && m.subject.includes("invited");
  await lk.deps.jobs.runOnce();
  await sink.waitFor(isInvitation);
  return linkFrom(sink.messages.filter(isInvitation).at(-1)!);
}

describe.each(testDialects)("team invitations on %s", (dialect) => {
  it("invites by mail; the invitee joins with the member defaults, and the code works once", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    const asAda = { access: "client" as const, project, headers: ada.headers };
    const asBob = { access: "client" as const, project, headers: bob.headers };
    const anonymous = { access: "client" as const, project };

    const sent = await lk.call("POST", "/team-invitations/send-code", { ...asAda, body: { team_id: teamId, email: "bob@example.com", callback_url: `${callback}?lang=en` } });
    expect([sent.status, sent.body]).toEqual([200, { success: true, id: expect.any(String) }]);
    const code = await invitationCode(lk, sink, "bob@example.com");
    const mail = sink.messages.find((m) => m.text.includes(code))!;
    expect(mail.text).toContain("“Engines”"); // quoted in the body, never in the subject (issue 18)
    expect(mail.text).toContain(`${callback}?lang=en&code=${code}`);

    const pending = await lk.call("GET", `/team-invitations?team_id=${teamId}`, asAda);
    expect(pending.body).toEqual({
      is_paginated: false,
      items: [{ id: sent.body.id, team_id: teamId, expires_at_millis: lk.clock.now().getTime() + SEVEN_DAYS, recipient_email: "bob@example.com" }],
    });
    expect(teamInvitation.safeParse(pending.body.items[0]).success).toBe(true);

    // Checking and reading details leave the code usable; details and accepting need a signed-in user.
    expect((await lk.call("POST", "/team-invitations/accept/check-code", { ...anonymous, body: { code } })).body).toEqual({ is_code_valid: true });
    expectError(await lk.call("POST", "/team-invitations/accept/details", { ...anonymous, body: { code } }), 401, "USER_AUTHENTICATION_REQUIRED");
    const details = await lk.call("POST", "/team-invitations/accept/details", { ...asBob, body: { code: code.toUpperCase() } });
    expect(details.body).toEqual({ team_id: teamId, team_display_name: "Engines" });
    expectError(await lk.call("POST", "/team-invitations/accept", { ...anonymous, body: { code } }), 401, "USER_AUTHENTICATION_REQUIRED");

    const accepted = await lk.call("POST", "/team-invitations/accept", { ...asBob, body: { code } });
    expect([accepted.status, accepted.body]).toEqual([200, {}]);
    const bobsPermissions = await lk.call("GET", `/team-permissions?team_id=${teamId}&user_id=me`, asBob);
    expect(bobsPermissions.body.items.map((p: { id: string }) => p.id)).toEqual(["$invite_members", "$read_members", "team_member"]);

    expectError(await lk.call("POST", "/team-invitations/accept", { ...asBob, body: { code } }), 409, "VERIFICATION_CODE_ALREADY_USED");
    expectError(await lk.call("POST", "/team-invitations/accept/check-code", { ...anonymous, body: { code } }), 409, "VERIFICATION_CODE_ALREADY_USED");
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, asAda)).body.items).toEqual([]);
    const short = await lk.call("POST", "/team-invitations/accept", { ...asBob, body: { code: code.slice(1) } });
    expectError(short, 400, "SCHEMA_ERROR", expect.anything());
  });

  it("lets an invitation expire after 7 days, and only trusted callback URLs be mailed", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    const server = { access: "server" as const, project };

    const untrusted = await lk.call("POST", "/team-invitations/send-code", { ...server, body: { team_id: teamId, email: "bob@example.com", callback_url: "https://evil.test/join" } });
    expectError(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED");
    const noTeam = await lk.call("POST", "/team-invitations/send-code", { ...server, body: { team_id: missingId, email: "bob@example.com", callback_url: callback } });
    expectError(noTeam, 404, "TEAM_NOT_FOUND", { team_id: missingId });
    expectError(await lk.call("GET", `/team-invitations?team_id=${missingId}`, server), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Servers invite without a user. The invitation goes out a week before "now" (keys last a day only).
    const now = lk.clock.now().getTime();
    lk.clock.set(now - SEVEN_DAYS);
    expect((await lk.call("POST", "/team-invitations/send-code", { ...server, body: { team_id: teamId, email: "bob@example.com", callback_url: callback } })).status).toBe(200);
    const code = await invitationCode(lk, sink, "bob@example.com");
    lk.clock.set(now - 1);
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, server)).body.items).toHaveLength(1);
    lk.clock.set(now);
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, server)).body.items).toEqual([]);
    const late = await lk.call("POST", "/team-invitations/accept", { access: "client", project, headers: bob.headers, body: { code } });
    expectError(late, 400, "VERIFICATION_CODE_EXPIRED");
    expect(await lk.deps.queries.teams.isMember(project.id, teamId, bob.id)).toBe(false);
  });

  it("asks client callers for membership and the team permissions", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const carol = await signUp(lk, project, "carol@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    await join(lk, project, teamId, bob.id);
    const asBob = { access: "client" as const, project, headers: bob.headers };
    const asCarol = { access: "client" as const, project, headers: carol.headers };
    const invite = { team_id: teamId, email: "dan@example.com", callback_url: callback };

    expectError(await lk.call("POST", "/team-invitations/send-code", { access: "client", project, body: invite }), 401, "USER_AUTHENTICATION_REQUIRED");
    const outsider = await lk.call("POST", "/team-invitations/send-code", { ...asCarol, body: invite });
    expectError(outsider, 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: carol.id });
    expectError(await lk.call("GET", `/team-invitations?team_id=${teamId}`, asCarol), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: carol.id });

    // Bob, a plain member (team_member: $read_members, $invite_members), may invite and list but not revoke.
    const sent = await lk.call("POST", "/team-invitations/send-code", { ...asBob, body: invite });
    expect(sent.status).toBe(200);
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, asBob)).body.items).toHaveLength(1);
    const revoke = await lk.call("DELETE", `/team-invitations/${sent.body.id}?team_id=${teamId}`, asBob);
    expectError(revoke, 401, "TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: bob.id, permission_id: "$remove_members" });

    // Without team_member, Bob can neither invite nor list.
    expect((await lk.call("DELETE", `/team-permissions/${teamId}/${bob.id}/team_member`, { access: "server", project })).status).toBe(200);
    const noInvite = await lk.call("POST", "/team-invitations/send-code", { ...asBob, body: invite });
    expectError(noInvite, 401, "TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: bob.id, permission_id: "$invite_members" });
    const noRead = await lk.call("GET", `/team-invitations?team_id=${teamId}`, asBob);
    expectError(noRead, 401, "TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: bob.id, permission_id: "$read_members" });
  });

  it("revokes an invitation, whose link then finds nothing", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    const otherTeam = await teamOf(lk, project, ada.id, "Looms");
    const asAda = { access: "client" as const, project, headers: ada.headers };

    const sent = await lk.call("POST", "/team-invitations/send-code", { ...asAda, body: { team_id: teamId, email: "bob@example.com", callback_url: callback } });
    const code = await invitationCode(lk, sink, "bob@example.com");
    const wrongTeam = await lk.call("DELETE", `/team-invitations/${sent.body.id}?team_id=${otherTeam}`, asAda);
    expectStatusError(wrongTeam, 404, "teamInvitationNotFound");

    const revoked = await lk.call("DELETE", `/team-invitations/${sent.body.id}?team_id=${teamId}`, asAda);
    expect([revoked.status, revoked.body]).toEqual([200, { success: true }]);
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, asAda)).body.items).toEqual([]);
    const accept = await lk.call("POST", "/team-invitations/accept", { access: "client", project, headers: bob.headers, body: { code } });
    expectError(accept, 404, "VERIFICATION_CODE_NOT_FOUND");
    const again = await lk.call("DELETE", `/team-invitations/${sent.body.id}?team_id=${teamId}`, { access: "server", project });
    expectStatusError(again, 404, "teamInvitationNotFound");
  });

  it("lets a member accept without changing their membership", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    await lk.call("POST", "/team-invitations/send-code", { access: "server", project, body: { team_id: teamId, email: "ada@example.com", callback_url: callback } });
    const code = await invitationCode(lk, sink, "ada@example.com");

    const accepted = await lk.call("POST", "/team-invitations/accept", { access: "client", project, headers: ada.headers, body: { code } });
    expect(accepted.status).toBe(200);
    const held = await lk.call("GET", `/team-permissions?team_id=${teamId}&user_id=${ada.id}&recursive=false`, { access: "server", project });
    expect(held.body.items.map((p: { id: string }) => p.id)).toEqual(["team_admin"]);
  });

  it("keeps invitations inside their project", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const other = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const eve = await signUp(lk, other, "eve@example.com");
    const teamId = await teamOf(lk, project, ada.id);
    const sent = await lk.call("POST", "/team-invitations/send-code", { access: "server", project, body: { team_id: teamId, email: "eve@example.com", callback_url: callback } });
    const code = await invitationCode(lk, sink, "eve@example.com");
    const foreign = { access: "server" as const, project: other };

    expectError(await lk.call("GET", `/team-invitations?team_id=${teamId}`, foreign), 404, "TEAM_NOT_FOUND", { team_id: teamId });
    expectError(await lk.call("DELETE", `/team-invitations/${sent.body.id}?team_id=${teamId}`, foreign), 404, "TEAM_NOT_FOUND", { team_id: teamId });
    const send = await lk.call("POST", "/team-invitations/send-code", { ...foreign, body: { team_id: teamId, email: "x@example.com", callback_url: callback } });
    expectError(send, 404, "TEAM_NOT_FOUND", { team_id: teamId });
    const accept = await lk.call("POST", "/team-invitations/accept", { access: "client", project: other, headers: eve.headers, body: { code } });
    expectError(accept, 404, "VERIFICATION_CODE_NOT_FOUND");
    expect((await lk.call("GET", `/team-invitations?team_id=${teamId}`, { access: "server", project })).body.items).toHaveLength(1);
  });
});
