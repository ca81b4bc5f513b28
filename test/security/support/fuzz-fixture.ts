/**
 * The project the fuzzer works in: a user with a session and a password, a second user, a team with
 * both as members, permission definitions and grants, user and team API keys, an extra contact
 * channel, an invitation, a key set and pending codes of every kind, plus an internal-project owner
 * for the owned-project routes. `hints` hands these values to the arbitraries by field name; they are
 * read when a value is generated, so a fixture rebuilt after a destructive call is picked up.
 */
import fc from "fast-check";
import { decryptEmailPayload } from "../../../server/services/email/outbox.js";
import { hashPassword } from "../../../server/services/passwords.js";
import type { CallOptions, ProjectCredentials, TestInstance } from "../../support/instance.js";
import { nested, nestedObjectText, type Hints } from "./arbitraries.js";
import { allFeatures } from "./tenants.js";

export const FUZZ_PASSWORD = "fuzzing password 1";
let passwordHash: Promise<string> | undefined;

export interface FuzzFixture {
  project: ProjectCredentials;
  user: { id: string; email: string; accessToken: string; refreshToken: string; sessionId: string; otherSessionId: string };
  user2: { id: string; email: string };
  owner: { id: string; accessToken: string; teamId: string };
  teamId: string;
  teamPermissionId: string;
  projectPermissionId: string;
  primaryChannelId: string;
  altChannelId: string;
  userKey: { id: string; value: string };
  teamKey: { id: string; value: string };
  keySetId: string;
  invitationId: string;
  codes: string[];
  cliCodes: { polling: string; login: string };
}

async function ok<T = any>(lk: TestInstance, method: string, path: string, options: CallOptions): Promise<T> {
  const res = await lk.call(method, path, options);
  if (res.status >= 300) throw new Error(`Fuzz fixture step ${method} ${path} failed: ${res.status} ${res.text}`);
  return res.body as T;
}

/** Codes from the links of every e-mail the project has queued. */
async function mailedCodes(lk: TestInstance, projectId: string): Promise<string[]> {
  const { db, t } = lk.deps.store;
  const rows = (await db.select().from(t.outbox)).filter((row) => row.projectId === projectId);
  const codes: string[] = [];
  for (const row of rows) {
    for (const [link] of decryptEmailPayload(lk.deps, row.payload).text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
      const code = new URL(link).searchParams.get("code");
      if (code) codes.push(code);
    }
  }
  return codes;
}

/** A session for `userId`: its tokens and id. */
export async function newSession(lk: TestInstance, project: ProjectCredentials, userId: string) {
  const session = await ok(lk, "POST", "/auth/sessions", { access: "server", project, body: { user_id: userId } });
  const me = await ok(lk, "GET", "/auth/sessions?user_id=me", { access: "client", project, headers: { "x-stack-access-token": session.access_token } });
  const id = me.items.find((s: { is_current_session: boolean }) => s.is_current_session).id as string;
  return { accessToken: session.access_token as string, refreshToken: session.refresh_token as string, sessionId: id };
}

/** A user with a password (hashed once per process) and a verified, sign-in e-mail. */
export async function newUser(lk: TestInstance, project: ProjectCredentials, email: string): Promise<string> {
  passwordHash ??= hashPassword(FUZZ_PASSWORD);
  const body = { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, password_hash: await passwordHash, display_name: "Fuzz user" };
  return (await ok(lk, "POST", "/users", { access: "server", project, body })).id;
}

let fixtures = 0;

export async function createFuzzFixture(lk: TestInstance): Promise<FuzzFixture> {
  // The project's owner: an internal-project user (created by the server API: no password hashing).
  const internal = { access: "server" as const };
  const ownerEmail = `owner-${++fixtures}@fuzz.test`;
  const ownerRecord = await ok(lk, "POST", "/users", { ...internal, body: { primary_email: ownerEmail, primary_email_auth_enabled: true } });
  const ownerSession = await ok(lk, "POST", "/auth/sessions", { ...internal, body: { user_id: ownerRecord.id } });
  const owner = { id: ownerRecord.id as string, accessToken: ownerSession.access_token as string, teamId: (await ok(lk, "GET", `/users/${ownerRecord.id}`, internal)).selected_team_id as string };

  const project = await lk.createProject({ displayName: "Fuzz project", ownerTeamId: owner.teamId, configOverride: allFeatures });
  const server = { access: "server" as const, project };
  const admin = { access: "admin" as const, project };
  const client = { access: "client" as const, project };

  const email = "fuzz-user@fuzz.test";
  const userId = await newUser(lk, project, email);
  const first = await newSession(lk, project, userId);
  const other = await newSession(lk, project, userId);
  const user2Email = "fuzz-user2@fuzz.test";
  const user2Id = await newUser(lk, project, user2Email);

  const team = await ok(lk, "POST", "/teams", { ...server, body: { display_name: "Fuzz team", creator_user_id: userId } });
  await ok(lk, "POST", `/team-memberships/${team.id}/${user2Id}`, server);
  const teamPermissionId = "fuzz_team_permission";
  const projectPermissionId = "fuzz_project_permission";
  await ok(lk, "POST", "/team-permission-definitions", { ...admin, body: { id: teamPermissionId, contained_permission_ids: ["$read_members"] } });
  await ok(lk, "POST", "/project-permission-definitions", { ...admin, body: { id: projectPermissionId } });
  await ok(lk, "POST", `/team-permissions/${team.id}/${userId}/${teamPermissionId}`, server);
  await ok(lk, "POST", `/project-permissions/${userId}/${projectPermissionId}`, server);

  const channels = await ok(lk, "GET", `/contact-channels?user_id=${userId}`, server);
  const primary = channels.items[0].id as string;
  const alt = await ok(lk, "POST", "/contact-channels", { ...server, body: { user_id: userId, value: "fuzz-alt@fuzz.test", type: "email", used_for_auth: false } });
  const userKey = await ok(lk, "POST", "/user-api-keys", { ...server, body: { user_id: userId, description: "fuzz" } });
  const teamKey = await ok(lk, "POST", "/team-api-keys", { ...server, body: { team_id: team.id, description: "fuzz" } });
  const keySet = await ok(lk, "POST", "/internal/api-keys", {
    ...admin,
    body: { description: "fuzz", expires_at_millis: lk.clock.now().getTime() + 86_400_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false },
  });
  const invitation = await ok(lk, "POST", "/team-invitations/send-code", { ...server, body: { team_id: team.id, email: "invitee@fuzz.test", callback_url: "http://localhost:3000/invite" } });
  const callback = "http://localhost:3000/cb";
  await ok(lk, "POST", `/contact-channels/${userId}/${alt.id}/send-verification-code`, { ...server, body: { callback_url: callback } });
  await ok(lk, "POST", "/auth/password/send-reset-code", { ...client, body: { email, callback_url: callback } });
  await ok(lk, "POST", "/auth/otp/send-sign-in-code", { ...client, body: { email, callback_url: callback } });
  const cli = await ok(lk, "POST", "/auth/cli", { ...client, body: {} });
  const withToken = { ...client, headers: { "x-stack-access-token": first.accessToken } };
  const registration = await ok(lk, "POST", "/auth/passkey/initiate-passkey-registration", withToken);
  const authentication = await ok(lk, "POST", "/auth/passkey/initiate-passkey-authentication", client);

  return {
    project,
    user: { id: userId, email, ...first, otherSessionId: other.sessionId },
    user2: { id: user2Id, email: user2Email },
    owner,
    teamId: team.id,
    teamPermissionId,
    projectPermissionId,
    primaryChannelId: primary,
    altChannelId: alt.id,
    userKey: { id: userKey.id, value: userKey.value },
    teamKey: { id: teamKey.id, value: teamKey.value },
    keySetId: keySet.id,
    invitationId: invitation.id,
    codes: [...(await mailedCodes(lk, project.id)), registration.code, authentication.code],
    cliCodes: { polling: cli.polling_code, login: cli.login_code },
  };
}

/** Values of the current fixture, by field name, read when a value is generated. */
export function fixtureHints(current: () => FuzzFixture, now: () => number): Hints {
  const pick = <T>(values: (f: FuzzFixture) => T[]) => fc.nat().map((i) => {
    const all = values(current());
    return all[i % all.length]!;
  });
  const urls = fc.constantFrom("http://localhost:3000/cb", "https://evil.example.com/cb", "javascript:alert(1)", "http://localhost:3000/cb?code=x#frag");
  const emails = fc.oneof(pick((f) => [f.user.email, f.user2.email, "fuzz-alt@fuzz.test"]), fc.emailAddress());
  const userIds = pick((f) => [f.user.id, f.user2.id, "me"]);
  const permissionIds = pick((f) => [f.teamPermissionId, f.projectPermissionId, "$read_members", "$update_team", "team_admin", "team_member", "new_permission"]);
  const codes = pick((f) => [...f.codes, f.cliCodes.login, f.cliCodes.polling]);
  // Free-form JSON: ordinary values, and now and then one nested deep enough to test recursion limits.
  const metadata = fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(nested(2_500), JSON.parse(nestedObjectText(2_500)) as unknown) },
  );
  return {
    client_metadata: metadata,
    client_read_only_metadata: metadata,
    server_metadata: metadata,
    user_id: userIds,
    creator_user_id: userIds,
    team_id: pick((f) => [f.teamId]),
    selected_team_id: pick((f) => [f.teamId]),
    owner_team_id: pick((f) => [f.owner.teamId]),
    session_id: pick((f) => [f.user.sessionId, f.user.otherSessionId]),
    contact_channel_id: pick((f) => [f.primaryChannelId, f.altChannelId]),
    api_key_id: pick((f) => [f.userKey.id, f.teamKey.id, f.keySetId]),
    id: pick((f) => [f.invitationId, f.teamPermissionId, f.projectPermissionId, "renamed_permission"]),
    permission_id: permissionIds,
    "contained_permission_ids[]": permissionIds,
    project_id: pick((f) => [f.project.id, "internal"]),
    email: emails,
    primary_email: emails,
    value: emails,
    recipient_email: emails,
    callback_url: urls,
    verification_callback_url: urls,
    redirect_uri: urls,
    password: fc.constantFrom(FUZZ_PASSWORD, "another fine password", "short"),
    old_password: fc.constantFrom(FUZZ_PASSWORD, "wrong password 1"),
    new_password: fc.constantFrom("another fine password", "short"),
    password_hash: fc.constantFrom("$2a$10$abcdefghijklmnopqrstuuJ7oS0pSYt7yf0cYEHk2w0HwJ3lq6N3a", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", "plain"),
    code: codes,
    login_code: pick((f) => [f.cliCodes.login]),
    polling_code: pick((f) => [f.cliCodes.polling]),
    refresh_token: pick((f) => [f.user.refreshToken]),
    api_key: pick((f) => [f.userKey.value, f.teamKey.value]),
    client_id: pick((f) => [f.project.id]),
    client_secret: pick((f) => [f.project.keys.publishableClientKey]),
    totp: fc.stringMatching(/^\d{6}$/),
    profile_image_url: fc.constantFrom("data:image/png;base64,iVBORw0KGgo=", "https://example.com/a.png", "ftp://example.com/a.png"),
    totp_secret_base64: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString("base64")),
    config_override_string: fc.constantFrom(
      '{"teams.allowClientTeamCreation":false}',
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '{"rbac.permissions.loop":{"scope":"team","containedPermissionIds":{"loop":true}}}',
      '{"domains.trustedDomains.evil":{"baseUrl":"https://evil.example.com","handlerPath":"/h"}}',
      '{"auth.password.allowSignIn":"yes"}',
      '{"emails.server":{"isShared":false,"provider":"smtp","host":"127.0.0.1","port":1}}',
      "[]",
      "null",
      "{",
      `{"payments.items.x":${nestedObjectText(20_000)}}`,
    ),
    expires_at_millis: fc.constantFrom(now() + 3_600_000, now() - 1, 0, 8.64e15),
    expires_in_millis: fc.constantFrom(1_000, 3_600_000, 0, 2 ** 31),
    query: fc.constantFrom("fuzz", "%", "_", "\\", "fuzz-user@", "' OR 1=1 --"),
    cursor: pick((f) => [f.user.id, f.user2.id]),
    domain: fc.constantFrom("https://*.example.com", "http://localhost:3000", "https://**.evil.com", "not a url"),
    handler_path: fc.constantFrom("/handler", "/../etc"),
    item_id: fc.constantFrom("credits", "seats", "tokens", "unknown_item", "__proto__"),
    customer_id: pick((f) => [f.user.id, f.user2.id, f.teamId, "fuzz-customer"]),
    delta: fc.constantFrom(1, -1, 0, -1000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  };
}
