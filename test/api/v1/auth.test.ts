/**
 * Request authentication over HTTP, step by step in the order of headers-and-auth.md §3: access type,
 * project id, project, key per level, branch, then the level the procedure needs.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const keyHeader = {
  client: "x-stack-publishable-client-key",
  server: "x-stack-secret-server-key",
  admin: "x-stack-super-secret-admin-key",
} as const;
const levels = ["client", "server", "admin"] as const;
const missingKeyCode = { client: "CLIENT_AUTHENTICATION_REQUIRED", server: "SERVER_AUTHENTICATION_REQUIRED", admin: "ADMIN_AUTHENTICATION_REQUIRED" } as const;
const invalidKeyCode = { client: "INVALID_PUBLISHABLE_CLIENT_KEY", server: "INVALID_SECRET_SERVER_KEY", admin: "INVALID_SUPER_SECRET_ADMIN_KEY" } as const;

/** Asserts a known error: status, header, code and (when given) exact details; `null` means no details key. */
function expectKnownError(res: ApiResponse, status: number, code: string, details?: Record<string, unknown> | null) {
  expect(res.status).toBe(status);
  expect(res.headers.get("x-stack-known-error")).toBe(code);
  expect(res.body.code).toBe(code);
  expect(res.body.error).toEqual(expect.any(String));
  if (details === null) expect(res.body).not.toHaveProperty("details");
  else if (details !== undefined) expect(res.body.details).toEqual(details);
}

/** GET /projects/current (client level) with exactly these headers. */
const getProject = (lk: TestInstance, headers: Record<string, string>) => lk.call("GET", "/projects/current", { headers });

const asLevel = (level: (typeof levels)[number], projectId: string, key: string, extra: Record<string, string> = {}) => ({
  "x-stack-access-type": level,
  "x-stack-project-id": projectId,
  [keyHeader[level]]: key,
  ...extra,
});

/** Creates a key set on the internal project through the API and returns its id and keys as credentials. */
async function createInternalKeySet(lk: TestInstance, expiresInMs: number): Promise<{ id: string; creds: ProjectCredentials }> {
  const res = await lk.call("POST", "/internal/api-keys", {
    access: "admin",
    body: {
      description: "short-lived",
      expires_at_millis: lk.clock.now().getTime() + expiresInMs,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  expect(res.status).toBe(200);
  const keys = { publishableClientKey: res.body.publishable_client_key, secretServerKey: res.body.secret_server_key, superSecretAdminKey: res.body.super_secret_admin_key };
  return { id: res.body.id, creds: { id: "internal", keys } };
}

/** Every level's call with these credentials on an endpoint that level may use. */
async function statusesPerLevel(lk: TestInstance, project: ProjectCredentials) {
  return Promise.all(levels.map(async (access) => (await lk.call("GET", "/projects/current", { access, project })).status));
}

describe.each(testDialects)("request authentication on %s", (dialect) => {
  it("refuses any key or admin token sent without x-stack-access-type", async () => {
    await using lk = await createTestInstance(dialect);
    for (const header of [...Object.values(keyHeader), "x-stack-admin-access-token"]) {
      const res = await getProject(lk, { "x-stack-project-id": "internal", [header]: "anything" });
      expectKnownError(res, 400, "PROJECT_KEY_WITHOUT_ACCESS_TYPE", null);
    }
  });

  it("treats empty key headers without an access type as an unauthenticated request", async () => {
    await using lk = await createTestInstance(dialect);
    const emptyKeys = Object.fromEntries(Object.values(keyHeader).map((h) => [h, ""]));
    expectKnownError(await getProject(lk, { ...emptyKeys, "x-stack-project-id": "internal" }), 400, "ACCESS_TYPE_REQUIRED", null);
    expect((await lk.call("GET", "", { headers: emptyKeys })).text).toContain("Authentication: None");
  });

  it("refuses an access type other than client, server or admin, before looking at the project id", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await getProject(lk, { "x-stack-access-type": "Admin", [keyHeader.admin]: lk.internal.keys.superSecretAdminKey });
    expectKnownError(res, 400, "INVALID_ACCESS_TYPE", { accessType: "Admin" });
  });

  it.each(levels)("asks for the project id when access type %s comes without one (an empty one too)", async (level) => {
    await using lk = await createTestInstance(dialect);
    for (const projectId of [undefined, ""]) {
      const headers: Record<string, string> = { "x-stack-access-type": level, [keyHeader.client]: lk.internal.keys.publishableClientKey };
      if (projectId !== undefined) headers["x-stack-project-id"] = projectId;
      expectKnownError(await getProject(lk, headers), 400, "ACCESS_TYPE_WITHOUT_PROJECT_ID", { request_type: level });
    }
  });

  it("answers CURRENT_PROJECT_NOT_FOUND for an unknown project, before any key is checked", async () => {
    await using lk = await createTestInstance(dialect);
    const unknown = "6fbbf22e-f4b2-4c6e-95a1-beab6fa41063";
    expectKnownError(await getProject(lk, { "x-stack-access-type": "client", "x-stack-project-id": unknown }), 400, "CURRENT_PROJECT_NOT_FOUND", { project_id: unknown });
    const withKey = await getProject(lk, asLevel("admin", unknown, lk.internal.keys.superSecretAdminKey));
    expectKnownError(withKey, 400, "CURRENT_PROJECT_NOT_FOUND", { project_id: unknown });
  });

  it.each(levels)("asks for the %s key when it is missing or empty, ignoring the other levels' keys", async (level) => {
    await using lk = await createTestInstance(dialect);
    const { publishableClientKey, secretServerKey, superSecretAdminKey } = lk.internal.keys;
    const others = { [keyHeader.client]: publishableClientKey, [keyHeader.server]: secretServerKey, [keyHeader.admin]: superSecretAdminKey };
    delete others[keyHeader[level]];
    const base = { "x-stack-access-type": level, "x-stack-project-id": "internal", ...others };
    expectKnownError(await getProject(lk, base), 401, missingKeyCode[level], null);
    expectKnownError(await getProject(lk, { ...base, [keyHeader[level]]: "" }), 401, missingKeyCode[level], null);
  });

  it.each(levels)("refuses a wrong %s key with its project id in the details", async (level) => {
    await using lk = await createTestInstance(dialect);
    const res = await getProject(lk, asLevel(level, "internal", `${lk.internal.keys.superSecretAdminKey}x`));
    expectKnownError(res, 401, invalidKeyCode[level], { project_id: "internal" });
  });

  it("refuses a key of one kind presented as another kind", async () => {
    await using lk = await createTestInstance(dialect);
    const { publishableClientKey, secretServerKey, superSecretAdminKey } = lk.internal.keys;
    expectKnownError(await getProject(lk, asLevel("server", "internal", publishableClientKey)), 401, "INVALID_SECRET_SERVER_KEY", { project_id: "internal" });
    expectKnownError(await getProject(lk, asLevel("admin", "internal", secretServerKey)), 401, "INVALID_SUPER_SECRET_ADMIN_KEY", { project_id: "internal" });
    expectKnownError(await getProject(lk, asLevel("client", "internal", superSecretAdminKey)), 401, "INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: "internal" });
  });

  it("ignores the publishable key on server requests", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await getProject(lk, asLevel("server", "internal", lk.internal.keys.secretServerKey, { [keyHeader.client]: "pck_wrong" }));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe("internal");
  });

  it.each(levels)("refuses project A's valid %s key sent with project B's id, and shows nothing of B", async (level) => {
    await using lk = await createTestInstance(dialect);
    const a = await lk.createProject({ displayName: "Project A" });
    const b = await lk.createProject({ displayName: "Project B" });
    const key = { client: a.keys.publishableClientKey, server: a.keys.secretServerKey, admin: a.keys.superSecretAdminKey }[level];
    const res = await getProject(lk, asLevel(level, b.id, key));
    expectKnownError(res, 401, invalidKeyCode[level], { project_id: b.id });
    expect(res.text).not.toContain("Project B");
    const onInternal = await lk.call("GET", "/internal/projects/current", { headers: asLevel("admin", "internal", a.keys.superSecretAdminKey) });
    expectKnownError(onInternal, 401, "INVALID_SUPER_SECRET_ADMIN_KEY", { project_id: "internal" });
    expect((await lk.call("GET", "/projects/current", { access: level, project: b })).body.display_name).toBe("Project B");
  });

  it.each(["client", "server"] as const)("answers INSUFFICIENT_ACCESS_TYPE to %s access on admin endpoints", async (level) => {
    await using lk = await createTestInstance(dialect);
    for (const [method, path] of [["GET", "/internal/api-keys"], ["GET", "/internal/projects/current"], ["GET", "/internal/config"]] as const) {
      const res = await lk.call(method, path, { access: level });
      expectKnownError(res, 401, "INSUFFICIENT_ACCESS_TYPE", { actual_access_type: level, allowed_access_types: ["admin"] });
      expect(res.body.error).toBe(`The x-stack-access-type header must be 'admin', but was '${level}'.`);
    }
  });

  it("accepts server and admin keys on a client-level endpoint, with the same answer", async () => {
    await using lk = await createTestInstance(dialect);
    const [client, server, admin] = await Promise.all(levels.map((access) => lk.call("GET", "/projects/current", { access })));
    expect([client!.status, server!.status, admin!.status]).toEqual([200, 200, 200]);
    expect(client!.body.id).toBe("internal");
    expect(server!.body).toEqual(client!.body);
    expect(admin!.body).toEqual(client!.body);
  });

  it("answers ACCESS_TYPE_REQUIRED to endpoints needing authentication when no x-stack header is sent", async () => {
    await using lk = await createTestInstance(dialect);
    for (const [method, path] of [["GET", "/projects/current"], ["GET", "/internal/api-keys"], ["DELETE", "/internal/projects/current"]] as const) {
      expectKnownError(await lk.call(method, path), 400, "ACCESS_TYPE_REQUIRED", null);
    }
  });

  it("accepts branch main (and no branch) but refuses any other branch after the key is checked", async () => {
    await using lk = await createTestInstance(dialect);
    const headers = asLevel("client", "internal", lk.internal.keys.publishableClientKey);
    expect((await getProject(lk, { ...headers, "x-stack-branch-id": "main" })).status).toBe(200);
    expectKnownError(await getProject(lk, { ...headers, "x-stack-branch-id": "dev" }), 400, "BRANCH_DOES_NOT_EXIST", { branch_id: "dev" });
    const wrongKey = await getProject(lk, { ...headers, [keyHeader.client]: "pck_wrong", "x-stack-branch-id": "dev" });
    expectKnownError(wrongKey, 401, "INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: "internal" });
  });

  it("refuses every key of a revoked key set while other sets keep working", async () => {
    await using lk = await createTestInstance(dialect);
    const { id, creds } = await createInternalKeySet(lk, 86_400_000);
    expect(await statusesPerLevel(lk, creds)).toEqual([200, 200, 200]);
    const revoke = await lk.call("PATCH", `/internal/api-keys/${id}`, { access: "admin", project: creds, body: { revoked: true } });
    expect(revoke.status).toBe(200);
    expect(await statusesPerLevel(lk, creds)).toEqual([401, 401, 401]);
    expectKnownError(await lk.call("GET", "/projects/current", { access: "client", project: creds }), 401, "INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: "internal" });
    expect(await statusesPerLevel(lk, lk.internal)).toEqual([200, 200, 200]);
  });

  it("accepts a key set until its expiry time and refuses it from then on", async () => {
    await using lk = await createTestInstance(dialect);
    const { creds } = await createInternalKeySet(lk, 60_000);
    lk.clock.advance(59_999);
    expect(await statusesPerLevel(lk, creds)).toEqual([200, 200, 200]);
    lk.clock.advance(1);
    expect(await statusesPerLevel(lk, creds)).toEqual([401, 401, 401]);
    expectKnownError(await lk.call("GET", "/internal/api-keys", { access: "admin", project: creds }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY", { project_id: "internal" });
    expect(await statusesPerLevel(lk, lk.internal)).toEqual([200, 200, 200]);
  });
});
