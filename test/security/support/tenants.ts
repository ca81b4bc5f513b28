/**
 * Fixtures for the tenant-isolation matrix: a victim project rich in data (users with sessions, a team
 * with permissions, API keys, contact channels, permission definitions, an invitation, a key set and
 * pending codes of every kind), and attackers (another project with its own user and keys, and the
 * owner of that project on the internal project). Every human-readable victim value carries the marker
 * `zq9victim`, so a leak of anything seeded is visible in a response even if it is not listed.
 */
import { randomUUID } from "node:crypto";
import { TOTP, Secret } from "otpauth";
import { keepInLocalInbox } from "../../../server/services/email/local-inbox.js";
import { decryptEmailPayload } from "../../../server/services/email/outbox.js";
import type { CallOptions, ProjectCredentials, TestInstance } from "../../support/instance.js";
import { softAuthenticator, type SoftAuthenticator } from "./passkey.js";

export const MARKER = "zq9victim";

/**
 * The victim's AI chat thread (holding a marked message). Threads are per project, so the attacker's calls
 * with the same id reach a thread of its own project, which must not show the victim's message.
 */
export const AI_CHAT_THREAD_ID = "5b0f3c1e-8f5d-4a51-9b8e-0c6f1d2e3a4b";

/** Whose a victim value is: (b) lets user 2 see their own values and the project's public ones. */
export type Owner = "project" | "projectPublic" | "owner" | "user1" | "user2" | "user3" | "member" | "team1";

/** Features on in both projects, so that every route reaches its logic instead of a "disabled" error. */
export const allFeatures = {
  "apiKeys.enabled.user": true,
  "apiKeys.enabled.team": true,
  "auth.otp.allowSignIn": true,
  "auth.passkey.allowSignIn": true,
  "teams.allowClientTeamCreation": true,
  "users.allowClientUserDeletion": true,
  "payments.items.credits": { customerType: "user" },
  "payments.items.seats": { customerType: "team" },
  "payments.items.tokens": { customerType: "custom" },
};

/** The victim's own names for the items (config that no other project may see). */
const victimItemNames = {
  "payments.items.credits": { displayName: `${MARKER}-credits`, customerType: "user" },
  "payments.items.seats": { displayName: `${MARKER}-seats`, customerType: "team" },
  "payments.items.tokens": { displayName: `${MARKER}-tokens`, customerType: "custom" },
};

export const PASSWORD = "zq9victim correct horse";

export interface SignedIn {
  id: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

export interface Victim {
  project: ProjectCredentials;
  displayName: string;
  /** The internal-project user who owns the project, and the owning team. */
  owner: SignedIn & { teamId: string };
  user1: SignedIn & {
    displayName: string;
    currentSessionId: string;
    otherSessionId: string;
    primaryChannelId: string;
    altChannelId: string;
    altEmail: string;
    apiKeyId: string;
    apiKeyValue: string;
    passkeyCredentialId: string;
  };
  /** Holds user 1's passkey: signs assertions for any challenge. */
  authenticator: SoftAuthenticator;
  user2: SignedIn & { displayName: string; sessionId: string };
  /** A plain member of team 1: the member defaults ($read_members, $invite_members), nothing more. */
  member: SignedIn & { displayName: string };
  /** A user with TOTP, halfway through a sign-in (password done, second factor pending). */
  user3: { id: string; email: string; mfaAttemptCode: string; totpCode(): string };
  team1: { id: string; displayName: string; apiKeyId: string; apiKeyValue: string; invitationId: string; invitationCode: string; invitee: string };
  /** A custom customer holding `tokens`; user 1 holds `credits` and team 1 `seats` (all quantities above zero). */
  customCustomerId: string;
  teamPermissionId: string;
  projectPermissionId: string;
  keySet: { id: string; publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string };
  /** A webhook endpoint (URL and description carry the marker) and its signing secret. */
  webhookEndpoint: { id: string; secret: string };
  /** An identity-provider client of the project (issue 40; its name carries the marker) and its secret. */
  oauthClient: { id: string; secret: string };
  /** An e-mail theme and an e-mail draft of the project's own (names carry the marker). */
  emailThemeId: string;
  emailDraftId: string;
  /** A mail kept in the project's local inbox (address, subject and bodies carry the marker). */
  keptMailId: string;
  codes: {
    emailVerification: string;
    passwordReset: string;
    otp: string;
    cliPolling: string;
    cliLogin: string;
    passkeyRegistration: string;
    passkeyAuthentication: string;
  };
  /** Every secret or identifying value of the victim (at least 8 characters), with its owner. */
  values: Map<string, Owner>;
}

export interface Attacker {
  project: ProjectCredentials;
  user: SignedIn;
  /** The attacker's owner on the internal project (owns `project`, owns nothing of the victim's). */
  owner: SignedIn & { teamId: string };
}

async function ok<T = any>(lk: TestInstance, method: string, path: string, options: CallOptions): Promise<T> {
  const res = await lk.call(method, path, options);
  if (res.status >= 300) throw new Error(`Fixture step ${method} ${path} failed: ${res.status} ${res.text}`);
  return res.body as T;
}

async function signUp(lk: TestInstance, project: ProjectCredentials | undefined, email: string): Promise<SignedIn> {
  const body = { email, password: PASSWORD, verification_callback_url: "http://localhost:3000/v" };
  const res = await ok(lk, "POST", "/auth/password/sign-up", { access: "client", project, body });
  return { id: res.user_id, email, accessToken: res.access_token, refreshToken: res.refresh_token };
}

/** An internal-project user (a dashboard user) with the personal team they get at sign-up. */
async function internalUser(lk: TestInstance, email: string): Promise<SignedIn & { teamId: string }> {
  const user = await signUp(lk, undefined, email);
  const me = await ok(lk, "GET", "/users/me", { access: "client", headers: { "x-stack-access-token": user.accessToken } });
  return { ...user, teamId: me.selected_team_id };
}

/** The code in the newest e-mail of the project whose link starts with `linkPrefix`. */
async function mailedCode(lk: TestInstance, projectId: string, linkPrefix: string): Promise<string> {
  const { db, t } = lk.deps.store;
  const rows = (await db.select().from(t.outbox)).filter((row) => row.projectId === projectId && row.kind === "email");
  const texts = rows.map((row) => decryptEmailPayload(lk.deps, row.payload).text);
  for (const text of texts.reverse()) {
    for (const [link] of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
      if (!link.startsWith(linkPrefix)) continue;
      const code = new URL(link).searchParams.get("code");
      if (code) return code;
    }
  }
  throw new Error(`No mail with a link to ${linkPrefix} in project ${projectId}`);
}

export async function createVictim(lk: TestInstance): Promise<Victim> {
  const owner = await internalUser(lk, `${MARKER}-owner@victim.test`);
  const displayName = `${MARKER}-project-name`;
  const project = await lk.createProject({ displayName, ownerTeamId: owner.teamId, configOverride: { ...allFeatures, ...victimItemNames } });
  const server = { access: "server" as const, project };
  const admin = { access: "admin" as const, project };
  const client = (token?: string): CallOptions => ({ access: "client", project, headers: token ? { "x-stack-access-token": token } : {} });

  const one = await signUp(lk, project, `${MARKER}-user1@victim.test`);
  const user1Name = `${MARKER}-user1-name`;
  await ok(lk, "PATCH", `/users/${one.id}`, {
    ...server,
    body: {
      display_name: user1Name,
      primary_email_verified: true,
      client_metadata: { note: `${MARKER}-user1-client-metadata` },
      client_read_only_metadata: { note: `${MARKER}-user1-read-only-metadata` },
      server_metadata: { note: `${MARKER}-user1-server-metadata` },
    },
  });
  await ok(lk, "POST", "/auth/sessions", { ...server, body: { user_id: one.id } });
  const sessions = await ok(lk, "GET", "/auth/sessions?user_id=me", client(one.accessToken));
  const current = sessions.items.find((s: { is_current_session: boolean }) => s.is_current_session).id as string;
  const other = sessions.items.find((s: { is_current_session: boolean }) => !s.is_current_session).id as string;
  const altEmail = `${MARKER}-user1-alt@victim.test`;
  const alt = await ok(lk, "POST", "/contact-channels", { ...server, body: { user_id: one.id, value: altEmail, type: "email", used_for_auth: false } });
  const channels = await ok(lk, "GET", `/contact-channels?user_id=${one.id}`, server);
  const primary = channels.items.find((c: { is_primary: boolean }) => c.is_primary).id as string;
  const userKey = await ok(lk, "POST", "/user-api-keys", { ...server, body: { user_id: one.id, description: `${MARKER}-user1-key-description` } });
  const authenticator = softAuthenticator();
  const registration = await ok(lk, "POST", "/auth/passkey/initiate-passkey-registration", client(one.accessToken));
  const credential = authenticator.create(registration.options_json);
  await ok(lk, "POST", "/auth/passkey/register", { ...client(one.accessToken), body: { credential, code: registration.code } });

  const two = await signUp(lk, project, `${MARKER}-user2@victim.test`);
  const user2Name = `${MARKER}-user2-name`;
  await ok(lk, "PATCH", `/users/${two.id}`, { ...server, body: { display_name: user2Name } });
  const twoSessions = await ok(lk, "GET", `/auth/sessions?user_id=${two.id}`, server);

  const totpSecret = Buffer.from(`${MARKER}-totp-secret!`).subarray(0, 20);
  const totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(totpSecret).buffer }), digits: 6, period: 30 });
  const threeEmail = `${MARKER}-user3@victim.test`;
  const three = await ok(lk, "POST", "/users", {
    ...server,
    body: { primary_email: threeEmail, primary_email_auth_enabled: true, password: PASSWORD, totp_secret_base64: totpSecret.toString("base64") },
  });
  const attempt = await lk.call("POST", "/auth/password/sign-in", { ...client(), body: { email: threeEmail, password: PASSWORD } });
  if (attempt.body.code !== "MULTI_FACTOR_AUTHENTICATION_REQUIRED") throw new Error(`Fixture: expected an MFA attempt, got ${attempt.text}`);

  const teamName = `${MARKER}-team1-name`;
  const team = await ok(lk, "POST", "/teams", {
    ...server,
    body: { display_name: teamName, creator_user_id: one.id, client_metadata: { note: `${MARKER}-team1-client-metadata` }, server_metadata: { note: `${MARKER}-team1-server-metadata` } },
  });
  const memberName = `${MARKER}-member-name`;
  const memberEmail = `${MARKER}-member@victim.test`;
  const member = await ok(lk, "POST", "/users", { ...server, body: { primary_email: memberEmail, display_name: memberName } });
  const memberSession = await ok(lk, "POST", "/auth/sessions", { ...server, body: { user_id: member.id } });
  await ok(lk, "POST", `/team-memberships/${team.id}/${member.id}`, server);
  const teamPermissionId = `${MARKER}_team_permission`;
  const projectPermissionId = `${MARKER}_project_permission`;
  await ok(lk, "POST", "/team-permission-definitions", { ...admin, body: { id: teamPermissionId, description: `${MARKER}-team-permission-description` } });
  await ok(lk, "POST", "/project-permission-definitions", { ...admin, body: { id: projectPermissionId, description: `${MARKER}-project-permission-description` } });
  await ok(lk, "POST", `/team-permissions/${team.id}/${one.id}/${teamPermissionId}`, server);
  await ok(lk, "POST", `/project-permissions/${one.id}/${projectPermissionId}`, server);
  const teamKey = await ok(lk, "POST", "/team-api-keys", { ...server, body: { team_id: team.id, description: `${MARKER}-team1-key-description` } });
  const invitee = `${MARKER}-invitee@victim.test`;
  const invitation = await ok(lk, "POST", "/team-invitations/send-code", { ...server, body: { team_id: team.id, email: invitee, callback_url: "http://localhost:3000/invite" } });

  const customCustomerId = `${MARKER}-customer`;
  const grant = (type: string, id: string, item: string) =>
    ok(lk, "POST", `/payments/items/${type}/${id}/${item}/update-quantity?allow_negative=false`, { ...server, body: { delta: 5, description: `${MARKER}-grant` } });
  await grant("user", one.id, "credits");
  await grant("team", team.id, "seats");
  await grant("custom", customCustomerId, "tokens");

  const keySet = await ok(lk, "POST", "/internal/api-keys", {
    ...admin,
    body: {
      description: `${MARKER}-key-set-description`,
      expires_at_millis: lk.clock.now().getTime() + 86_400_000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  const webhookEndpoint = await ok(lk, "POST", "/internal/webhooks/endpoints", { ...admin, body: { url: `http://127.0.0.1:9/${MARKER}-hook`, description: `${MARKER}-hook` } });
  const oauthClient = await ok(lk, "POST", "/internal/oauth-clients", {
    ...admin,
    body: { name: `${MARKER}-oauth-app`, type: "confidential", redirect_uris: ["https://victim-app.example.com/callback"] },
  });
  const emailTheme = await ok(lk, "POST", "/internal/email-themes", { ...admin, body: { display_name: `${MARKER}-theme` } });
  const emailDraft = await ok(lk, "POST", "/internal/email-drafts", { ...admin, body: { display_name: `${MARKER}-draft` } });
  await ok(lk, "PATCH", `/internal/ai-chat/${AI_CHAT_THREAD_ID}`, { ...admin, body: { message: { role: "user", content: `${MARKER}-chat-message` } } });
  await ok(lk, "POST", "/auth/password/send-reset-code", { ...client(), body: { email: one.email, callback_url: "http://localhost:3000/reset" } });
  await ok(lk, "POST", "/auth/otp/send-sign-in-code", { ...client(), body: { email: one.email, callback_url: "http://localhost:3000/magic" } });
  const cli = await ok(lk, "POST", "/auth/cli", { ...client(), body: {} });
  const passkeyRegistration = await ok(lk, "POST", "/auth/passkey/initiate-passkey-registration", client(one.accessToken));
  const passkeyAuthentication = await ok(lk, "POST", "/auth/passkey/initiate-passkey-authentication", client());

  const victim: Victim = {
    project,
    displayName,
    owner,
    user1: {
      ...one,
      displayName: user1Name,
      currentSessionId: current,
      otherSessionId: other,
      primaryChannelId: primary,
      altChannelId: alt.id,
      altEmail,
      apiKeyId: userKey.id,
      apiKeyValue: userKey.value,
      passkeyCredentialId: credential.id,
    },
    authenticator,
    user2: { ...two, displayName: user2Name, sessionId: twoSessions.items[0].id },
    member: { id: member.id, email: memberEmail, displayName: memberName, accessToken: memberSession.access_token, refreshToken: memberSession.refresh_token },
    user3: { id: three.id, email: threeEmail, mfaAttemptCode: attempt.body.details.attempt_code, totpCode: () => totp.generate({ timestamp: lk.clock.now().getTime() }) },
    team1: {
      id: team.id,
      displayName: teamName,
      apiKeyId: teamKey.id,
      apiKeyValue: teamKey.value,
      invitationId: invitation.id,
      invitationCode: await mailedCode(lk, project.id, "http://localhost:3000/invite"),
      invitee,
    },
    customCustomerId,
    teamPermissionId,
    projectPermissionId,
    keySet: {
      id: keySet.id,
      publishableClientKey: keySet.publishable_client_key,
      secretServerKey: keySet.secret_server_key,
      superSecretAdminKey: keySet.super_secret_admin_key,
    },
    webhookEndpoint: { id: webhookEndpoint.id, secret: webhookEndpoint.secret },
    oauthClient: { id: oauthClient.client_id, secret: oauthClient.client_secret },
    emailThemeId: emailTheme.id,
    emailDraftId: emailDraft.id,
    keptMailId: await keepInLocalInbox(lk.deps, project.id, randomUUID(), {
      to: [`${MARKER}-kept@example.test`],
      subject: `${MARKER}-kept`,
      html: `<p>${MARKER}-kept-html</p>`,
      text: `${MARKER}-kept-text`,
    }),
    codes: {
      emailVerification: await mailedCode(lk, project.id, "http://localhost:3000/v?"),
      passwordReset: await mailedCode(lk, project.id, "http://localhost:3000/reset"),
      otp: await mailedCode(lk, project.id, "http://localhost:3000/magic"),
      cliPolling: cli.polling_code,
      cliLogin: cli.login_code,
      passkeyRegistration: passkeyRegistration.code,
      passkeyAuthentication: passkeyAuthentication.code,
    },
    values: new Map(),
  };
  registerValues(victim);
  return victim;
}

function registerValues(v: Victim): void {
  const add = (owner: Owner, ...values: string[]) => {
    for (const value of values) if (value.length >= 8) v.values.set(value.toLowerCase(), owner);
  };
  // Item names are open to every client of the project (through custom customers' items).
  add("projectPublic", v.project.id, v.displayName, ...Object.values(victimItemNames).map((item) => item.displayName));
  add("project", v.customCustomerId);
  add("project", ...Object.values(v.project.keys), ...Object.values(v.keySet), v.webhookEndpoint.secret, v.oauthClient.id, v.oauthClient.secret, v.teamPermissionId, v.projectPermissionId, v.emailThemeId, v.emailDraftId, v.keptMailId);
  add("project", v.codes.cliPolling, v.codes.cliLogin, v.codes.passkeyAuthentication);
  add("owner", v.owner.id, v.owner.email, v.owner.accessToken, v.owner.refreshToken, v.owner.teamId);
  const u1 = v.user1;
  add("user1", u1.id, u1.email, u1.accessToken, u1.refreshToken, u1.displayName, u1.currentSessionId, u1.otherSessionId);
  add("user1", u1.primaryChannelId, u1.altChannelId, u1.altEmail, u1.apiKeyId, u1.apiKeyValue, u1.passkeyCredentialId, PASSWORD);
  add("user1", v.codes.emailVerification, v.codes.passwordReset, v.codes.otp, v.codes.passkeyRegistration);
  add("user2", v.user2.id, v.user2.email, v.user2.accessToken, v.user2.refreshToken, v.user2.displayName, v.user2.sessionId);
  add("user3", v.user3.id, v.user3.email, v.user3.mfaAttemptCode);
  add("member", v.member.id, v.member.email, v.member.displayName, v.member.accessToken, v.member.refreshToken);
  const t1 = v.team1;
  add("team1", t1.id, t1.displayName, t1.apiKeyId, t1.apiKeyValue, t1.invitationId, t1.invitationCode, t1.invitee);
}

/** The internal-project user who will own attacker projects. */
export async function createAttackerOwner(lk: TestInstance): Promise<SignedIn & { teamId: string }> {
  return internalUser(lk, "mallory-owner@attacker.test");
}

/** A fresh attacker project owned by `owner`, with a signed-in user (no password hashing: cheap). */
export async function createAttacker(lk: TestInstance, owner: SignedIn & { teamId: string }): Promise<Attacker> {
  const project = await lk.createProject({ displayName: "attacker project", ownerTeamId: owner.teamId, configOverride: allFeatures });
  const email = "mallory@attacker.test";
  const created = await ok(lk, "POST", "/users", { access: "server", project, body: { primary_email: email, primary_email_auth_enabled: true, display_name: "mallory" } });
  const session = await ok(lk, "POST", "/auth/sessions", { access: "server", project, body: { user_id: created.id } });
  return { project, user: { id: created.id, email, accessToken: session.access_token, refreshToken: session.refresh_token }, owner };
}
