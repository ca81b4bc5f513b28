import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";

interface SignedUp {
  id: string;
  headers: Record<string, string>;
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<SignedUp> {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password", verification_callback_url: callback } });
  expect(res.status).toBe(200);
  return { id: res.body.user_id, headers: { "x-stack-access-token": res.body.access_token } };
}


function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

function channel(fields: { user_id: string; value: string; used_for_auth: boolean; is_verified: boolean; is_primary: boolean }) {
  return { id: expect.any(String), type: "email", ...fields };
}

describe.each(testDialects)("contact channels on %s", (dialect) => {
  it("lets a client create, list, read, update and delete its own channels", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const me = { access: "client" as const, project, headers: ada.headers };

    lk.clock.advance(1_000);
    const created = await lk.call("POST", "/contact-channels", { ...me, body: { user_id: "me", value: "Ada.Work@Example.COM", type: "email", used_for_auth: false } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(channel({ user_id: ada.id, value: "ada.work@example.com", used_for_auth: false, is_verified: false, is_primary: false }));
    const workId = created.body.id as string;

    const again = await lk.call("POST", "/contact-channels", { ...me, body: { user_id: ada.id, value: "ada.work@example.com", type: "email", used_for_auth: true } });
    expectStatusError(again, 400, "contactChannelAlreadyExists");
    const selfVerified = await lk.call("POST", "/contact-channels", { ...me, body: { user_id: "me", value: "x@example.com", type: "email", used_for_auth: false, is_verified: true } });
    expectError(selfVerified, 400, "SCHEMA_ERROR", expect.anything());

    const list = await lk.call("GET", "/contact-channels?user_id=me", me);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      is_paginated: false,
      items: [
        channel({ user_id: ada.id, value: "ada@example.com", used_for_auth: true, is_verified: false, is_primary: true }),
        channel({ user_id: ada.id, value: "ada.work@example.com", used_for_auth: false, is_verified: false, is_primary: false }),
      ],
    });
    const filtered = await lk.call("GET", `/contact-channels?user_id=${ada.id}&contact_channel_id=${workId}`, me);
    expect(filtered.body.items.map((c: { id: string }) => c.id)).toEqual([workId]);

    const read = await lk.call("GET", `/contact-channels/me/${workId}`, me);
    expect([read.status, read.body]).toEqual([200, created.body]);
    expectStatusError(await lk.call("GET", `/contact-channels/me/${missingId}`, me), 404, "contactChannelNotFound");

    const patched = await lk.call("PATCH", `/contact-channels/me/${workId}`, { ...me, body: { value: "ADA@work.example", used_for_auth: true } });
    expect([patched.status, patched.body]).toEqual([200, { ...created.body, value: "ada@work.example", used_for_auth: true }]);
    const clash = await lk.call("PATCH", `/contact-channels/me/${workId}`, { ...me, body: { value: "ada@example.com" } });
    expectStatusError(clash, 400, "contactChannelAlreadyExists");
    const clientVerifies = await lk.call("PATCH", `/contact-channels/me/${workId}`, { ...me, body: { is_verified: true } });
    expectError(clientVerifies, 400, "SCHEMA_ERROR", expect.anything());
    expectStatusError(await lk.call("PATCH", `/contact-channels/me/${missingId}`, { ...me, body: { used_for_auth: false } }), 400, "contactChannelMissing");

    expect((await lk.call("DELETE", `/contact-channels/me/${workId}`, me)).body).toEqual({ success: true });
    expectStatusError(await lk.call("DELETE", `/contact-channels/me/${workId}`, me), 400, "contactChannelMissing");
    expect((await lk.call("GET", "/contact-channels?user_id=me", me)).body.items).toHaveLength(1);

    // The primary channel can go too; the user then has no primary e-mail.
    const primaryId = list.body.items[0].id as string;
    expect((await lk.call("DELETE", `/contact-channels/${ada.id}/${primaryId}`, me)).body).toEqual({ success: true });
    expect((await lk.call("GET", "/users/me", me)).body).toMatchObject({ primary_email: null, primary_email_verified: false });
  });

  it("lets a server manage any user's channels, including the verified flag", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    lk.clock.advance(1_000);
    const bob = await signUp(lk, project, "bob@example.com");

    lk.clock.advance(1_000);
    const created = await lk.call("POST", "/contact-channels", {
      ...server,
      body: { user_id: ada.id, value: "ada@work.example", type: "email", used_for_auth: false, is_verified: true, is_primary: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(channel({ user_id: ada.id, value: "ada@work.example", used_for_auth: false, is_verified: true, is_primary: true }));
    const id = created.body.id as string;
    expect((await lk.call("GET", `/users/${ada.id}`, server)).body).toMatchObject({ primary_email: "ada@work.example", primary_email_verified: true, primary_email_auth_enabled: false });

    const renamed = await lk.call("PATCH", `/contact-channels/${ada.id}/${id}`, { ...server, body: { value: "ada@new.example" } });
    expect(renamed.body).toMatchObject({ value: "ada@new.example", is_verified: false, is_primary: true });
    const kept = await lk.call("PATCH", `/contact-channels/${ada.id}/${id}`, { ...server, body: { value: "ada@newer.example", is_verified: true } });
    expect(kept.body).toMatchObject({ value: "ada@newer.example", is_verified: true });
    const flagsOnly = await lk.call("PATCH", `/contact-channels/${ada.id}/${id}`, { ...server, body: { used_for_auth: true } });
    expect(flagsOnly.body).toMatchObject({ value: "ada@newer.example", is_verified: true, used_for_auth: true });
    expect((await lk.call("GET", `/contact-channels/${ada.id}/${id}`, server)).body).toEqual(flagsOnly.body);

    const everyone = await lk.call("GET", "/contact-channels", server);
    expect(everyone.body.items.map((c: { user_id: string; value: string }) => [c.user_id, c.value])).toEqual([
      [ada.id, "ada@example.com"],
      [bob.id, "bob@example.com"],
      [ada.id, "ada@newer.example"],
    ]);
    const bobs = await lk.call("GET", `/contact-channels?user_id=${bob.id}`, { access: "admin", project });
    expect(bobs.body.items.map((c: { value: string }) => c.value)).toEqual(["bob@example.com"]);

    expectError(await lk.call("GET", `/contact-channels?user_id=${missingId}`, server), 404, "USER_NOT_FOUND");
    const forNobody = { user_id: missingId, value: "x@example.com", type: "email", used_for_auth: false };
    expectError(await lk.call("POST", "/contact-channels", { ...server, body: forNobody }), 404, "USER_NOT_FOUND");
    expectError(await lk.call("GET", `/contact-channels/${missingId}/${id}`, server), 404, "USER_NOT_FOUND");
    expectError(await lk.call("DELETE", `/contact-channels/${missingId}/${id}`, server), 404, "USER_NOT_FOUND");
    const sendForNobody = await lk.call("POST", `/contact-channels/${missingId}/${id}/send-verification-code`, { ...server, body: { callback_url: callback } });
    expectError(sendForNobody, 400, "USER_ID_DOES_NOT_EXIST", { user_id: missingId });
    // A channel id of another user is not found under this one.
    expectStatusError(await lk.call("GET", `/contact-channels/${bob.id}/${id}`, server), 404, "contactChannelNotFound");
    expectStatusError(await lk.call("DELETE", `/contact-channels/${bob.id}/${id}`, server), 400, "contactChannelMissing");
  });

  it("keeps a client to its own user", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const bobsChannel = (await lk.call("GET", `/contact-channels?user_id=${bob.id}`, { access: "server", project })).body.items[0].id as string;
    const asAda = { access: "client" as const, project, headers: ada.headers };
    const at = `/contact-channels/${bob.id}/${bobsChannel}`;

    expectStatusError(await lk.call("GET", `/contact-channels?user_id=${bob.id}`, asAda), 403, "contactChannelsOwnOnly", { action: "list" });
    expectStatusError(await lk.call("GET", "/contact-channels", asAda), 403, "contactChannelsOwnOnly", { action: "list" });
    const create = await lk.call("POST", "/contact-channels", { ...asAda, body: { user_id: bob.id, value: "x@example.com", type: "email", used_for_auth: false } });
    expectStatusError(create, 403, "contactChannelsOwnOnly", { action: "create" });
    expectStatusError(await lk.call("GET", at, asAda), 403, "contactChannelsOwnOnly", { action: "read" });
    expectStatusError(await lk.call("PATCH", at, { ...asAda, body: { used_for_auth: false } }), 403, "contactChannelsOwnOnly", { action: "update" });
    expectStatusError(await lk.call("DELETE", at, asAda), 403, "contactChannelsOwnOnly", { action: "delete" });
    const send = await lk.call("POST", `${at}/send-verification-code`, { ...asAda, body: { callback_url: callback } });
    expectStatusError(send, 400, "verificationCodeOwnOnly");
    // Ada's own id under Bob's channel id finds nothing.
    expectStatusError(await lk.call("GET", `/contact-channels/me/${bobsChannel}`, asAda), 404, "contactChannelNotFound");

    const anonymous = { access: "client" as const, project };
    expectError(await lk.call("GET", "/contact-channels?user_id=me", anonymous), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expectError(await lk.call("GET", `/contact-channels?user_id=${bob.id}`, anonymous), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    const legacy = await lk.call("POST", "/contact-channels/send-verification-code", { ...anonymous, body: { email: "bob@example.com", callback_url: callback } });
    // Stack declares auth.user in the route's request schema, so it answers SCHEMA_ERROR (backend-fidelity A5).
    expectError(legacy, 400, "SCHEMA_ERROR", { message: "Request validation failed on POST /api/v1/contact-channels/send-verification-code:\n  - auth.user must be defined" });

    const bobs = await lk.call("GET", `/contact-channels?user_id=${bob.id}`, { access: "server", project });
    expect(bobs.body.items).toEqual([channel({ user_id: bob.id, value: "bob@example.com", used_for_auth: true, is_verified: false, is_primary: true })]);
  });

  it("never shows a project's channels to another project's keys", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const adaChannel = (await lk.call("GET", "/contact-channels?user_id=me", { access: "client", project, headers: ada.headers })).body.items[0].id as string;
    const foreign = { access: "server" as const, project: other };
    const at = `/contact-channels/${ada.id}/${adaChannel}`;

    expect((await lk.call("GET", "/contact-channels", foreign)).body).toEqual({ items: [], is_paginated: false });
    expectError(await lk.call("GET", `/contact-channels?user_id=${ada.id}`, foreign), 404, "USER_NOT_FOUND");
    expectError(await lk.call("GET", at, foreign), 404, "USER_NOT_FOUND");
    expectError(await lk.call("PATCH", at, { ...foreign, body: { is_verified: true } }), 404, "USER_NOT_FOUND");
    expectError(await lk.call("DELETE", at, foreign), 404, "USER_NOT_FOUND");
    const wrongProject = await lk.call("GET", "/contact-channels?user_id=me", { access: "client", project: other, headers: ada.headers });
    expectError(wrongProject, 401, "INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: other.id, actual_project_id: project.id });

    const still = await lk.call("GET", at, { access: "server", project });
    expect(still.body).toMatchObject({ value: "ada@example.com", is_verified: false });
  });

  it("lets one user at most sign in with an address", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const asBob = { access: "client" as const, project, headers: bob.headers };
    const taken = { type: "email", contact_channel_value: "ada@example.com", would_work_if_email_was_verified: false };

    const create = await lk.call("POST", "/contact-channels", { ...asBob, body: { user_id: "me", value: "Ada@Example.com", type: "email", used_for_auth: true } });
    expectError(create, 409, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", taken);
    const viaServer = await lk.call("POST", "/contact-channels", { access: "server", project, body: { user_id: bob.id, value: "ada@example.com", type: "email", used_for_auth: true } });
    expectError(viaServer, 409, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", taken);

    // Without signing in with it, Bob may still list the address.
    const contactOnly = await lk.call("POST", "/contact-channels", { ...asBob, body: { user_id: "me", value: "ada@example.com", type: "email", used_for_auth: false } });
    expect(contactOnly.status).toBe(201);
    const enable = await lk.call("PATCH", `/contact-channels/me/${contactOnly.body.id}`, { ...asBob, body: { used_for_auth: true } });
    expectError(enable, 409, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", taken);

    const bobsPrimary = (await lk.call("GET", "/contact-channels?user_id=me", asBob)).body.items.find((c: { is_primary: boolean }) => c.is_primary);
    const rename = await lk.call("PATCH", `/contact-channels/${bob.id}/${bobsPrimary.id}`, { access: "server", project, body: { value: "ada@example.com" } });
    expectStatusError(rename, 400, "contactChannelAlreadyExists");
    expect((await lk.call("DELETE", `/contact-channels/me/${contactOnly.body.id}`, asBob)).body).toEqual({ success: true });
    const renameNow = await lk.call("PATCH", `/contact-channels/${bob.id}/${bobsPrimary.id}`, { access: "server", project, body: { value: "ada@example.com" } });
    expectError(renameNow, 409, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", taken);

    const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "bob@example.com", password: "a fine password" } });
    expect([signIn.status, signIn.body.user_id]).toEqual([200, bob.id]);
  });

  it("keeps exactly one primary channel, and the user's primary_email follows it", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const me = { access: "client" as const, project, headers: ada.headers };
    const primaries = async () =>
      (await lk.call("GET", "/contact-channels?user_id=me", me)).body.items.filter((c: { is_primary: boolean }) => c.is_primary).map((c: { value: string }) => c.value);

    lk.clock.advance(1_000);
    const work = await lk.call("POST", "/contact-channels", { ...me, body: { user_id: "me", value: "ada@work.example", type: "email", used_for_auth: false, is_primary: true } });
    expect(work.body.is_primary).toBe(true);
    expect(await primaries()).toEqual(["ada@work.example"]);
    expect((await lk.call("GET", "/users/me", me)).body).toMatchObject({ primary_email: "ada@work.example", primary_email_verified: false });

    const home = (await lk.call("GET", "/contact-channels?user_id=me", me)).body.items[0];
    const back = await lk.call("PATCH", `/contact-channels/me/${home.id}`, { ...me, body: { is_primary: true } });
    expect(back.body).toMatchObject({ value: "ada@example.com", is_primary: true });
    expect(await primaries()).toEqual(["ada@example.com"]);
    expect((await lk.call("GET", "/users/me", me)).body.primary_email).toBe("ada@example.com");

    await lk.call("PATCH", `/contact-channels/me/${home.id}`, { ...me, body: { is_primary: false } });
    expect(await primaries()).toEqual([]);
    expect((await lk.call("GET", "/users/me", me)).body.primary_email).toBeNull();
  });
});

describe.each(testDialects)("contact channel verification on %s", (dialect) => {
  async function projectWithMail(lk: TestInstance, sink: SmtpSink): Promise<ProjectCredentials> {
    return lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
  }

  /** The code of the next mail to `to` after the first `seen` messages of the sink. */
  async function nextCode(lk: TestInstance, sink: SmtpSink, to: string, seen: number): Promise<string> {
    await lk.deps.jobs.runOnce();
    return linkFrom(await sink.waitFor((m) => sink.messages.indexOf(m) >= seen && m.to.includes(to)));
  }

  it("verifies the sign-up address and added channels with mailed codes", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const client = { access: "client" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const me = { ...client, headers: ada.headers };

    const signUpCode = await nextCode(lk, sink, "ada@example.com", 0);
    expect((await lk.call("POST", "/contact-channels/verify/check-code", { ...client, body: { code: signUpCode } })).body).toEqual({ is_code_valid: true });
    expect((await lk.call("POST", "/contact-channels/verify", { ...client, body: { code: signUpCode } })).body).toEqual({ success: true });
    expect((await lk.call("GET", "/users/me", me)).body).toMatchObject({ primary_email: "ada@example.com", primary_email_verified: true });
    const legacyVerified = await lk.call("POST", "/contact-channels/send-verification-code", { ...me, body: { email: "ada@example.com", callback_url: callback } });
    expectError(legacyVerified, 409, "EMAIL_ALREADY_VERIFIED");

    const work = await lk.call("POST", "/contact-channels", { ...me, body: { user_id: "me", value: "ada@work.example", type: "email", used_for_auth: false } });
    const at = `/contact-channels/me/${work.body.id}`;
    const queued = async () => (await lk.deps.queries.outbox.listForProject(project.id, "email")).length;
    const before = await queued();
    const evil = await lk.call("POST", `${at}/send-verification-code`, { ...me, body: { callback_url: "https://evil.test/handler/email-verification" } });
    expectError(evil, 400, "REDIRECT_URL_NOT_WHITELISTED");
    expect(await queued()).toBe(before);

    const seen = sink.messages.length;
    const sent = await lk.call("POST", `${at}/send-verification-code`, { ...me, body: { callback_url: `${callback}?lang=en` } });
    expect(sent.body).toEqual({ success: true });
    const first = await nextCode(lk, sink, "ada@work.example", seen);
    expect(sink.messages.find((m) => m.text.includes(first))!.text).toContain(`${callback}?lang=en&code=${first}`);
    const seenAgain = sink.messages.length;
    await lk.call("POST", `/contact-channels/${ada.id}/${work.body.id}/send-verification-code`, { access: "server", project, body: { callback_url: callback } });
    const second = await nextCode(lk, sink, "ada@work.example", seenAgain);
    expect(second).not.toBe(first);

    // A code works in its own project only.
    const elsewhere = await lk.createProject();
    expectError(await lk.call("POST", "/contact-channels/verify", { access: "client", project: elsewhere, body: { code: first } }), 404, "VERIFICATION_CODE_NOT_FOUND");

    // An added address is confirmed in its account's session only (test/security/regressions/added-address-verification.test.ts).
    expect((await lk.call("POST", "/contact-channels/verify", { ...me, body: { code: first } })).body).toEqual({ success: true });
    expect((await lk.call("GET", at, me)).body).toMatchObject({ value: "ada@work.example", is_verified: true });
    // Decision: the same link again is a used code; another link for the now verified address is EMAIL_ALREADY_VERIFIED.
    expectError(await lk.call("POST", "/contact-channels/verify", { ...me, body: { code: first } }), 409, "VERIFICATION_CODE_ALREADY_USED");
    expectError(await lk.call("POST", "/contact-channels/verify/check-code", { ...client, body: { code: first } }), 409, "VERIFICATION_CODE_ALREADY_USED");
    expectError(await lk.call("POST", "/contact-channels/verify", { ...me, body: { code: second } }), 409, "EMAIL_ALREADY_VERIFIED");
    expectError(await lk.call("POST", `${at}/send-verification-code`, { ...me, body: { callback_url: callback } }), 409, "EMAIL_ALREADY_VERIFIED");
    expectStatusError(await lk.call("POST", `/contact-channels/me/${missingId}/send-verification-code`, { ...me, body: { callback_url: callback } }), 404, "contactChannelMissingForVerification");
  });

  it("sends the legacy verification mail only to the unverified primary e-mail", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const ada = await signUp(lk, project, "ada@example.com");
    const me = { access: "client" as const, project, headers: ada.headers };
    await nextCode(lk, sink, "ada@example.com", 0);

    const notPrimary = await lk.call("POST", "/contact-channels/send-verification-code", { ...me, body: { email: "other@example.com", callback_url: callback } });
    expectError(notPrimary, 400, "EMAIL_IS_NOT_PRIMARY_EMAIL", { email: "other@example.com", primary_email: "ada@example.com" });
    const evil = await lk.call("POST", "/contact-channels/send-verification-code", { ...me, body: { email: "ada@example.com", callback_url: "https://evil.test/verify" } });
    expectError(evil, 400, "REDIRECT_URL_NOT_WHITELISTED");

    const seen = sink.messages.length;
    const sent = await lk.call("POST", "/contact-channels/send-verification-code", { ...me, body: { email: "ada@example.com", callback_url: callback } });
    expect(sent.body).toEqual({ success: true });
    const code = await nextCode(lk, sink, "ada@example.com", seen);
    expect((await lk.call("POST", "/contact-channels/verify", { access: "client", project, body: { code } })).body).toEqual({ success: true });
    expect((await lk.call("GET", "/users/me", me)).body.primary_email_verified).toBe(true);
  });
});
