/**
 * Stack's backend answers on the team-invitation endpoints (reference/wire/backend-fidelity.md §5 row
 * T8): a team of the internal project has dashboard seats (its `dashboard_admins` item, the free plan's
 * seat included, issue 28), and concurrent accepts never take more than there are.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../support/instance.js";
import { expectKnownError } from "../../support/known-errors.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const handler = "http://localhost:8102/handler";

/** Signs up a user of the internal project (a dashboard user); returns their token and personal team. */
async function signUpDashboardUser(lk: TestInstance, email: string) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email, password: "owner password", verification_callback_url: `${handler}/email-verification` } });
  expect(signUp.status).toBe(200);
  const headers = { "x-stack-access-token": signUp.body.access_token as string };
  const me = await lk.call("GET", "/users/me", { access: "client", headers });
  return { headers, teamId: me.body.selected_team_id as string };
}

/** The code of the newest invitation mail to `to`. */
async function invitationCode(lk: TestInstance, sink: SmtpSink, to: string): Promise<string> {
  const isInvitation = (m: { to: string[]; subject: string }) => m.to.includes(to) && m.subject.includes("join");
  await lk.deps.jobs.runOnce();
  await sink.waitFor(isInvitation);
  return linkFrom(sink.messages.filter(isInvitation).at(-1)!);
}

/** Sends the internal project's mail to `sink`. */
async function mailTo(lk: TestInstance, sink: SmtpSink) {
  const server = { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Dashboard", senderEmail: "noreply@example.com" };
  const mailSetup = await lk.call("PATCH", "/internal/config/override", { access: "admin", body: { config_override_string: JSON.stringify({ "emails.server": server }) } });
  expect(mailSetup.status).toBe(200);
}

/** A dashboard user made by the server (no password to hash), signed in. */
async function createDashboardUser(lk: TestInstance, email: string) {
  const created = await lk.call("POST", "/users", { access: "server", body: { primary_email: email } });
  expect(created.status, created.text).toBe(201);
  const session = await lk.call("POST", "/auth/sessions", { access: "server", body: { user_id: created.body.id } });
  return { id: created.body.id as string, headers: { "x-stack-access-token": session.body.access_token as string } };
}

/**
 * An owner team with its one seat taken (the owner's), a colleague invited by mail, and the accept call,
 * which is refused until the team has another seat.
 */
async function fullTeamWithInvitee(lk: TestInstance, sink: SmtpSink) {
  await mailTo(lk, sink);

  const owner = await signUpDashboardUser(lk, "owner@example.com");
  const created = await lk.call("POST", "/internal/projects", { access: "client", headers: owner.headers, body: { display_name: "Shop", owner_team_id: owner.teamId } });
  expect(created.status).toBe(201);
  const invited = await signUpDashboardUser(lk, "colleague@example.com");

  const sent = await lk.call("POST", "/team-invitations/send-code", { access: "client", headers: owner.headers, body: { team_id: owner.teamId, email: "colleague@example.com", callback_url: `${handler}/team-invitation` } });
  expect(sent.status).toBe(200);
  const code = await invitationCode(lk, sink, "colleague@example.com");
  const accept = () => lk.call("POST", "/team-invitations/accept", { access: "client", headers: invited.headers, body: { code } });
  const memberCount = async () => (await lk.call("GET", `/team-member-profiles?team_id=${owner.teamId}`, { access: "server" })).body.items.length as number;
  return { owner, accept, memberCount };
}

// Two sign-ups and a mail through SMTP: slow on a loaded machine.
describe.each(testDialects)("team invitations as Stack's backend answers them on %s", { timeout: 90_000 }, (dialect) => {
  it("T8: refuses to accept into a project's owner team whose dashboard_admins seats are used up", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const { owner, accept, memberCount } = await fullTeamWithInvitee(lk, sink);

    // The free plan's one seat is the owner's.
    expectKnownError(await accept(), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { customer_id: owner.teamId, item_id: "dashboard_admins", quantity: -1 });
    expect(await memberCount()).toBe(1);

    // One more seat, and the same code (still unused) lets the colleague in.
    const raised = await lk.call("POST", `/payments/items/team/${owner.teamId}/dashboard_admins/update-quantity?allow_negative=false`, { access: "server", body: { delta: 1 } });
    expect(raised.status).toBe(200);
    expect([(await accept()).status, await memberCount()]).toEqual([200, 2]);
  });

  it("gives every internal team more seats when the free plan includes more (as the README shows)", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const { owner, accept, memberCount } = await fullTeamWithInvitee(lk, sink);
    expectKnownError(await accept(), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { customer_id: owner.teamId, item_id: "dashboard_admins", quantity: -1 });

    const plan = await lk.call("PATCH", "/internal/config/override", { access: "admin", body: { config_override_string: JSON.stringify({ "payments.offers.free.includedItems.dashboard_admins.quantity": 5 }) } });
    expect(plan.status, plan.text).toBe(200);
    expect([(await accept()).status, await memberCount()]).toEqual([200, 2]);
  });

  it("reads the free plan's seat as the team's dashboard_admins quantity, as Stack's items API does", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await createDashboardUser(lk, "owner@example.com");
    const team = await lk.call("POST", "/teams", { access: "server", body: { display_name: "Agency", creator_user_id: owner.id } });
    const path = `/payments/items/team/${team.body.id}/dashboard_admins`;
    expect((await lk.call("GET", path, { access: "client", headers: owner.headers })).body).toEqual({ id: "dashboard_admins", display_name: "Dashboard admins", quantity: 1 });

    // The seat can be taken away like any quantity (tryDecreaseQuantity), but only once.
    const decrease = () => lk.call("POST", `${path}/update-quantity?allow_negative=false`, { access: "server", body: { delta: -1 } });
    expect((await decrease()).status).toBe(200);
    expectKnownError(await decrease(), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { customer_id: team.body.id, item_id: "dashboard_admins", quantity: -1 });
    expect((await lk.call("GET", path, { access: "server" })).body.quantity).toBe(0);
  });

  it("lets exactly one of several concurrent accepts take the team's last seat", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    await mailTo(lk, sink);
    const owner = await createDashboardUser(lk, "owner@example.com");
    const team = await lk.call("POST", "/teams", { access: "server", body: { display_name: "Agency", creator_user_id: owner.id } });
    const teamId = team.body.id as string;
    // The free plan's seat is the owner's; one more makes one free seat.
    const raised = await lk.call("POST", `/payments/items/team/${teamId}/dashboard_admins/update-quantity?allow_negative=false`, { access: "server", body: { delta: 1 } });
    expect(raised.status).toBe(200);

    const invitees: { headers: Record<string, string>; code: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `colleague${i}@example.com`;
      const invitee = await createDashboardUser(lk, email);
      const sent = await lk.call("POST", "/team-invitations/send-code", { access: "client", headers: owner.headers, body: { team_id: teamId, email, callback_url: `${handler}/team-invitation` } });
      expect(sent.status, sent.text).toBe(200);
      invitees.push({ ...invitee, code: await invitationCode(lk, sink, email) });
    }
    const answers = await Promise.all(invitees.map((invitee) => lk.call("POST", "/team-invitations/accept", { access: "client", headers: invitee.headers, body: { code: invitee.code } })));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expectKnownError(refused, 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { customer_id: teamId, item_id: "dashboard_admins", quantity: -1 });
    }
    const members = await lk.call("GET", `/team-member-profiles?team_id=${teamId}`, { access: "server" });
    expect(members.body.items).toHaveLength(2);
  });
});
