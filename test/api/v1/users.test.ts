/**
 * /users over HTTP (users-and-contact-channels.md §1–3): what each level may read and write, server
 * CRUD, isolation between projects, pagination, search and filters, and the side effects of updates.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";

function expectKnownError(res: ApiResponse, status: number, code: string, details?: Record<string, unknown>) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code]).toEqual([status, code, code]);
  if (details !== undefined) expect(res.body.details).toEqual(details);
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string, password = "a good password") {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password, verification_callback_url: callback } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; user_id: string };
}

/** A caller of `project` at `access`, optionally signed in with `token`. */
function as(lk: TestInstance, project: ProjectCredentials, access: "client" | "server", token?: string) {
  const headers: Record<string, string> = token ? { "x-stack-access-token": token } : {};
  return (method: string, path: string, body?: unknown) => lk.call(method, path, { access, project, headers, body });
}

const ids = (res: ApiResponse) => (res.body.items as { id: string }[]).map((u) => u.id);

describe.each(testDialects)("users on %s", (dialect) => {
  it("lets a client act only on me, hiding and protecting the server's fields", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const grace = await signUp(lk, project, "grace@example.com");
    const client = as(lk, project, "client", ada.access_token);
    const server = as(lk, project, "server");

    expectKnownError(await client("GET", `/users/${grace.user_id}`), 401, "INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["server", "admin"] });
    expectKnownError(await client("PATCH", `/users/${grace.user_id}`, { display_name: "Mallory" }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnownError(await client("DELETE", `/users/${grace.user_id}`), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnownError(await client("GET", "/users"), 401, "INSUFFICIENT_ACCESS_TYPE");

    for (const body of [{ server_metadata: { admin: true } }, { client_read_only_metadata: { plan: "pro" } }, { client_metadata: { a: 1 }, server_metadata: { admin: true } }]) {
      expectKnownError(await client("PATCH", "/users/me", body), 400, "SCHEMA_ERROR");
    }
    const untouched = await server("GET", `/users/${ada.user_id}`);
    expect(untouched.body).toMatchObject({ client_metadata: null, client_read_only_metadata: null, server_metadata: null });

    const clientView = await client("GET", "/users/me");
    const serverView = await as(lk, project, "server", ada.access_token)("GET", "/users/me");
    expect(Object.keys(serverView.body).filter((k) => !(k in clientView.body)).sort()).toEqual(["last_active_at_millis", "primary_email_auth_enabled", "server_metadata"]);
    expect(Object.keys(clientView.body).filter((k) => !(k in serverView.body))).toEqual([]);
    expect(serverView.body).toMatchObject({ primary_email_auth_enabled: true, server_metadata: null, last_active_at_millis: serverView.body.signed_up_at_millis });

    const byClient = await client("PATCH", "/users/me", { client_metadata: { theme: "dark" } });
    expect([byClient.status, byClient.body.client_metadata, byClient.body.server_metadata]).toEqual([200, { theme: "dark" }, undefined]);
    const byServer = await server("PATCH", `/users/${ada.user_id}`, { client_metadata: { theme: "light" }, client_read_only_metadata: { plan: "pro" }, server_metadata: { stripe: "cus_1" } });
    expect(byServer.status).toBe(200);
    expect(byServer.body).toMatchObject({ client_metadata: { theme: "light" }, client_read_only_metadata: { plan: "pro" }, server_metadata: { stripe: "cus_1" } });
    const seen = await client("GET", "/users/me");
    expect(seen.body).toMatchObject({ client_metadata: { theme: "light" }, client_read_only_metadata: { plan: "pro" } });
    expect(seen.body).not.toHaveProperty("server_metadata");
    expect((await server("GET", `/users/${grace.user_id}`)).body.client_metadata).toBeNull();
  });

  it("creates, reads, updates and deletes users as a server, even with sign-up disabled", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.allowSignUp": false } });
    const server = as(lk, project, "server");
    const refused = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "a good password", verification_callback_url: callback } });
    expectKnownError(refused, 400, "SIGN_UP_NOT_ENABLED");

    const created = await server("POST", "/users", { primary_email: "Ada@Example.com", primary_email_auth_enabled: true, display_name: "Ada", password: "a good password", server_metadata: { tier: 1 } });
    expect(created.status).toBe(201);
    const now = lk.clock.now().getTime();
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      primary_email: "ada@example.com",
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      display_name: "Ada",
      profile_image_url: null,
      signed_up_at_millis: now,
      last_active_at_millis: now,
      client_metadata: null,
      client_read_only_metadata: null,
      server_metadata: { tier: 1 },
      has_password: true,
      otp_auth_enabled: false,
      passkey_auth_enabled: false,
      auth_with_email: true,
      requires_totp_mfa: false,
      is_anonymous: false,
      oauth_providers: [],
      selected_team_id: null,
      selected_team: null,
    });
    const id = created.body.id as string;
    expect((await server("GET", `/users/${id}`)).body).toEqual(created.body);
    const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "a good password" } });
    expect(signIn.status).toBe(200);

    const patched = await server("PATCH", `/users/${id}`, { display_name: "Ada Lovelace", primary_email_verified: true });
    expect([patched.status, patched.body.display_name, patched.body.primary_email_verified]).toEqual([200, "Ada Lovelace", true]);
    expect((await server("GET", `/users/${id}`)).body).toEqual(patched.body);

    const missing = randomUUID();
    expectKnownError(await server("GET", `/users/${missing}`), 404, "USER_NOT_FOUND");
    expectKnownError(await server("PATCH", `/users/${missing}`, { display_name: "x" }), 404, "USER_NOT_FOUND");
    expectKnownError(await server("DELETE", `/users/${missing}`), 404, "USER_NOT_FOUND");
    expectKnownError(await server("GET", "/users/not-a-uuid"), 400, "SCHEMA_ERROR");

    const other = await lk.createProject();
    const stranger = as(lk, other, "server");
    expectKnownError(await stranger("GET", `/users/${id}`), 404, "USER_NOT_FOUND");
    expectKnownError(await stranger("PATCH", `/users/${id}`, { display_name: "Stolen" }), 404, "USER_NOT_FOUND");
    expectKnownError(await stranger("DELETE", `/users/${id}`), 404, "USER_NOT_FOUND");
    expect((await stranger("GET", "/users")).body).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });
    expect((await stranger("GET", `/users?query=${id}`)).body.items).toEqual([]);
    expect((await server("GET", `/users/${id}`)).body.display_name).toBe("Ada Lovelace");

    expect((await server("DELETE", `/users/${id}`)).body).toEqual({ success: true });
    expectKnownError(await server("GET", `/users/${id}`), 404, "USER_NOT_FOUND");
    expectKnownError(await me(lk, project, signIn.body.access_token), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("keeps a sign-in e-mail to one user: a server create or concurrent sign-ups of a taken address write nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.createPersonalTeamOnSignUp": true } });
    const server = as(lk, project, "server");
    const first = await server("POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, display_name: "Ada" });
    // The create answer shows no team (as Stack's); the personal team is there on the next read.
    expect([first.status, first.body.selected_team, (await server("GET", `/users/${first.body.id}`)).body.selected_team?.display_name]).toEqual([201, null, "Ada's Team"]);
    // No check runs before the insert here: the unique index refuses the row, and the user, its
    // personal team and membership go with it.
    const second = await server("POST", "/users", { primary_email: "ADA@example.com", primary_email_auth_enabled: true, display_name: "Other" });
    expectKnownError(second, 409, "USER_EMAIL_ALREADY_EXISTS", { email: "ada@example.com", would_work_if_email_was_verified: false });
    // Sign-ups that all pass the early check (it runs before the password hash) race to the index.
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() => lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "grace@example.com", password: "a good password", verification_callback_url: callback } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of racing.filter((r) => r.status === 409)) expectKnownError(refused, 409, "USER_EMAIL_ALREADY_EXISTS");
    const users = (await server("GET", "/users")).body.items as { primary_email: string; selected_team_id: string }[];
    expect(users.map((u) => u.primary_email).sort()).toEqual(["ada@example.com", "grace@example.com"]);
    const teams = (await server("GET", "/teams")).body.items as { id: string }[];
    expect(teams.map((t) => t.id).sort()).toEqual(users.map((u) => u.selected_team_id).sort());
  });

  it("pages through 1,000 users exactly once each, ascending and descending", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const start = lk.clock.now().getTime();
    // Three users per sign-up instant, so pages also break between users with the same time.
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: randomUUID(), at: start + Math.floor(i / 3) * 1000 }));
    await lk.deps.store.transaction(async (tx) => {
      for (const row of rows) {
        await lk.deps.queries.users.insert({ id: row.id, projectId: project.id, signedUpAt: new Date(row.at), lastActiveAt: new Date(row.at) }, tx);
      }
    });
    const ascending = [...rows].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((r) => r.id);

    for (const desc of [false, true]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: ApiResponse = await as(lk, project, "server")("GET", `/users?limit=100&order_by=signed_up_at&desc=${desc}${cursor ? `&cursor=${cursor}` : ""}`);
        expect([res.status, res.body.items.length]).toEqual([200, 100]);
        seen.push(...ids(res));
        cursor = res.body.pagination.next_cursor;
        pages++;
      } while (cursor !== null && pages < 20);
      expect(pages).toBe(10);
      expect(seen).toEqual(desc ? [...ascending].reverse() : ascending);
    }
    const all = await as(lk, project, "server")("GET", "/users");
    expect([all.body.items.length, all.body.pagination.next_cursor]).toEqual([1000, null]);
    // A cursor naming no user of this project gives an empty last page.
    const unknown = await as(lk, project, "server")("GET", "/users?limit=10&cursor=00000000-0000-4000-8000-000000000000");
    expect([unknown.status, unknown.body.items, unknown.body.pagination.next_cursor]).toEqual([200, [], null]);
  });

  it("searches by part of an e-mail or display name and by exact id, hiding anonymous users by default", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = as(lk, project, "server");
    const create = async (body: Record<string, unknown>) => {
      lk.clock.advance(1_000);
      const res = await server("POST", "/users", body);
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const grace = await create({ primary_email: "Grace.Hopper@Navy.example", display_name: "Grace Hopper" });
    const ada = await create({ primary_email: "ada@analytical.example", display_name: "Ada Lovelace" });
    const alan = await create({ display_name: "Alan Turing" });
    const anon = await create({ is_anonymous: true, display_name: "Anonymous Hopper" });
    const search = async (query: string, extra = "") => ids(await server("GET", `/users?query=${encodeURIComponent(query)}${extra}`));

    expect(await search("NAVY.example")).toEqual([grace]);
    expect(await search("analytical")).toEqual([ada]);
    expect(await search("LOVELACE")).toEqual([ada]);
    expect(await search("an tur")).toEqual([alan]);
    expect(await search(alan)).toEqual([alan]);
    expect(await search(alan.slice(0, 8))).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("hopper")).toEqual([grace]);
    expect(await search("hopper", "&include_anonymous=true")).toEqual([grace, anon]);

    expect(ids(await server("GET", "/users"))).toEqual([grace, ada, alan]);
    expect(ids(await server("GET", "/users?include_anonymous=false"))).toEqual([grace, ada, alan]);
    expect(ids(await server("GET", "/users?include_anonymous=true"))).toEqual([grace, ada, alan, anon]);
    expect(ids(await server("GET", "/users?include_anonymous=true&desc=true"))).toEqual([anon, alan, ada, grace]);
  });

  // Regression: SQLite's built-in lower() folded ASCII only, so "Émile" did not find "Émile Zola" there.
  it("finds display names with non-ASCII letters whatever their case", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = as(lk, project, "server");
    const emile = (await server("POST", "/users", { display_name: "Émile Zola" })).body.id as string;
    for (const query of ["Émile", "émile", "ÉMILE"]) {
      expect([query, ids(await server("GET", `/users?query=${encodeURIComponent(query)}`))]).toEqual([query, [emile]]);
    }
  });

  // Regression: last_active_at_millis used to stay at the sign-up time.
  it("moves last_active_at_millis forward when the user comes back", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await signUp(lk, project, "ada@example.com");
    lk.clock.advance(3_600_000);
    const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "a good password" } });
    expect((await me(lk, project, signIn.body.access_token)).status).toBe(200);
    const seen = await as(lk, project, "server")("GET", `/users/${user.user_id}`);
    expect(seen.body.last_active_at_millis).toBe(lk.clock.now().getTime());
  });

  it("filters by team and only selects teams the user belongs to", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.createPersonalTeamOnSignUp": true } });
    const server = as(lk, project, "server");
    // The create answer shows no team (as Stack's): read the users back to see their personal teams.
    const ada = (await server("GET", `/users/${(await server("POST", "/users", { display_name: "Ada" })).body.id}`)).body;
    const grace = (await server("GET", `/users/${(await server("POST", "/users", { display_name: "Grace" })).body.id}`)).body;
    expect(ada.selected_team).toMatchObject({ id: ada.selected_team_id, display_name: "Ada's Team" });

    expect(ids(await server("GET", `/users?team_id=${ada.selected_team_id}`))).toEqual([ada.id]);
    expect(ids(await server("GET", `/users?team_id=${grace.selected_team_id}`))).toEqual([grace.id]);
    expect(ids(await server("GET", `/users?team_id=${randomUUID()}`))).toEqual([]);

    const foreign = await server("PATCH", `/users/${ada.id}`, { selected_team_id: grace.selected_team_id });
    expectKnownError(foreign, 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: grace.selected_team_id, user_id: ada.id });
    expect((await server("GET", `/users/${ada.id}`)).body.selected_team_id).toBe(ada.selected_team_id);

    const member = await signUp(lk, project, "member@example.com");
    const client = as(lk, project, "client", member.access_token);
    expectKnownError(await client("PATCH", "/users/me", { selected_team_id: ada.selected_team_id }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    const deselected = await server("PATCH", `/users/${ada.id}`, { selected_team_id: null });
    expect([deselected.body.selected_team_id, deselected.body.selected_team]).toEqual([null, null]);
    expect((await server("PATCH", `/users/${ada.id}`, { selected_team_id: ada.selected_team_id })).body.selected_team.id).toBe(ada.selected_team_id);
  });

  it("ends every session of a user whose password a server changes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const first = await signUp(lk, project, "ada@example.com", "my old passphrase");
    const second = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "my old passphrase" } });
    const server = as(lk, project, "server");
    expect((await server("GET", `/auth/sessions?user_id=${first.user_id}`)).body.items).toHaveLength(2);

    expect((await server("PATCH", `/users/${first.user_id}`, { password: "new password" })).status).toBe(200);
    expect((await server("GET", `/auth/sessions?user_id=${first.user_id}`)).body.items).toEqual([]);
    for (const tokens of [first, second.body]) {
      expectKnownError(await me(lk, project, tokens.access_token), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
      const refreshed = await lk.call("POST", "/auth/oauth/token", { form: true, body: { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey } });
      expectKnownError(refreshed, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    }
    const signIn = (password: string) => lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password } });
    expectKnownError(await signIn("my old passphrase"), 400, "EMAIL_PASSWORD_MISMATCH");
    expect((await signIn("new password")).status).toBe(200);
  });

  it("lets a client delete itself only when the project allows client user deletion", async () => {
    await using lk = await createTestInstance(dialect);
    const closed = await lk.createProject();
    const user = await signUp(lk, closed, "ada@example.com");
    const refused = await as(lk, closed, "client", user.access_token)("DELETE", "/users/me");
    expectStatusError(refused, 400, "clientUserDeletionDisabled");
    expect((await as(lk, closed, "server")("GET", `/users/${user.user_id}`)).status).toBe(200);

    const open = await lk.createProject({ configOverride: { "users.allowClientUserDeletion": true } });
    const leaving = await signUp(lk, open, "grace@example.com");
    expect((await as(lk, open, "client", leaving.access_token)("DELETE", "/users/me")).body).toEqual({ success: true });
    expectKnownError(await as(lk, open, "server")("GET", `/users/${leaving.user_id}`), 404, "USER_NOT_FOUND");
    expectKnownError(await me(lk, open, leaving.access_token), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });
});

function me(lk: TestInstance, project: ProjectCredentials, token: string) {
  return as(lk, project, "client", token)("GET", "/users/me");
}
