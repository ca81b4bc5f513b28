/**
 * The audit log: admin actions and security events recorded through the event seam, chained by a keyed
 * hash per project; admins list and filter it, and the chain check finds a changed or removed row.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkpointAllProjects } from "../../../../server/services/audit/checkpoint-writer.js";
import { sealAuditChain } from "../../../../server/services/audit/chain.js";
import { CHECKPOINT_EVERY } from "../../../../server/services/audit/checkpoints.js";
import { recordEvent } from "../../../../server/services/events.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const as = (lk: TestInstance, project: ProjectCredentials, access: "admin" | "server" | "client") => (method: string, path: string, body?: unknown) =>
  lk.call(method, path, { access, project, body });

type Entry = { seq: number; event: string; actor: { access_type: string | null }; payload: Record<string, unknown>; prev_hash: string; hash: string };

describe.each(testDialects)("audit log on %s", (dialect) => {
  it("records admin actions and security events in one hash chain, listed newest first and filtered", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    const admin = as(lk, project, "admin");
    const server = as(lk, project, "server");
    const client = as(lk, project, "client");

    const keys = await admin("POST", "/internal/api-keys", { description: "CI", expires_at_millis: lk.clock.now().getTime() + 86_400_000, has_publishable_client_key: false, has_secret_server_key: true, has_super_secret_admin_key: false });
    await admin("PATCH", `/internal/api-keys/${keys.body.id}`, { revoked: true });
    await admin("PATCH", "/internal/config/override", { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": true }) });
    await admin("POST", "/internal/webhooks/endpoints", { url: "http://127.0.0.1:9/hook" });
    const user = await server("POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" });
    expect((await client("POST", "/auth/password/sign-in", { email: "ada@example.com", password: "wrong password" })).status).toBe(400);
    // A client's own successful sign-in is not an admin action or security event.
    expect((await client("POST", "/auth/password/sign-in", { email: "ada@example.com", password: "a good password" })).status).toBe(200);
    await server("DELETE", `/users/${user.body.id}`);

    const log = await admin("GET", "/internal/audit-log");
    expect(log.status).toBe(200);
    const items = log.body.items as Entry[];
    expect(items.map((e) => e.event).reverse()).toEqual([
      "api_key_set.created", // the test project's own keys (createProject)
      "api_key_set.created",
      "api_key_set.revoked",
      "project.config_changed",
      "webhook_endpoint.created",
      "auth.sign_in_failed",
      "user.deleted",
    ]);
    expect(items.map((e) => e.seq)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    for (let i = 0; i < items.length - 1; i++) expect(items[i]!.prev_hash).toBe(items[i + 1]!.hash);
    expect(items.at(-2)).toMatchObject({ actor: { access_type: "admin" }, payload: { id: keys.body.id, has_secret_server_key: true } });
    expect(items.find((e) => e.event === "auth.sign_in_failed")!.payload).toEqual({ method: "password", email: "ada@example.com", user_id: user.body.id, reason: "wrong password" });
    expect(JSON.stringify(items)).not.toContain("a good password");

    const filtered = await admin("GET", "/internal/audit-log?event=project.config_changed");
    expect(filtered.body.items.map((e: Entry) => e.payload)).toEqual([{ changed_keys: ["teams.allowClientTeamCreation"] }]);
    const page = await admin("GET", "/internal/audit-log?limit=4");
    expect(page.body.pagination.next_cursor).toBe(4);
    expect((await admin("GET", "/internal/audit-log?cursor=4")).body.items.map((e: Entry) => e.seq)).toEqual([3, 2, 1]);

    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toEqual({
      valid: true,
      checked: 7,
      first_invalid_seq: null,
      problem: null,
      head: { seq: 7, hash: items[0]!.hash },
      checkpoints: { checked: 0, latest: null },
    });
    // Other projects' logs are their own, and only admins read them.
    expect((await as(lk, lk.internal, "admin")("GET", "/internal/audit-log")).body.items.map((e: Entry) => e.event)).not.toContain("api_key_set.created");
    expect((await server("GET", "/internal/audit-log")).status).toBe(401);
  });

  it("records creating, updating (with renames) and deleting team and project permission definitions", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = as(lk, project, "admin");
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await admin(method, path, body);
      expect(res.status, res.text).toBe(method === "POST" ? 201 : 200);
    };
    await ok("POST", "/team-permission-definitions", { id: "editor", description: "Edits", contained_permission_ids: ["$read_members"] });
    await ok("PATCH", "/team-permission-definitions/editor", { id: "writer", description: "Writes" });
    await ok("DELETE", "/team-permission-definitions/writer");
    await ok("POST", "/project-permission-definitions", { id: "billing" });
    await ok("PATCH", "/project-permission-definitions/billing", { description: "Pays" });
    await ok("DELETE", "/project-permission-definitions/billing");
    // A refused change (a system permission) records nothing.
    expect((await admin("DELETE", "/team-permission-definitions/$read_members")).status).toBe(400);

    const items = (await admin("GET", "/internal/audit-log")).body.items as Entry[];
    const definitionEvents = items.filter((e) => e.event.includes("permission_definition")).reverse();
    expect(definitionEvents.map((e) => [e.event, e.actor.access_type, e.payload])).toEqual([
      ["team_permission_definition.created", "admin", { id: "editor", description: "Edits", contained_permission_ids: ["$read_members"] }],
      ["team_permission_definition.updated", "admin", { id: "writer", description: "Writes", contained_permission_ids: ["$read_members"], previous_id: "editor" }],
      ["team_permission_definition.deleted", "admin", { id: "writer" }],
      ["project_permission_definition.created", "admin", { id: "billing", contained_permission_ids: [] }],
      ["project_permission_definition.updated", "admin", { id: "billing", description: "Pays", contained_permission_ids: [], previous_id: "billing" }],
      ["project_permission_definition.deleted", "admin", { id: "billing" }],
    ]);
    const filtered = await admin("GET", "/internal/audit-log?event=team_permission_definition.deleted");
    expect(filtered.body.items.map((e: Entry) => e.payload)).toEqual([{ id: "writer" }]);
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: true, checked: items.length });
  });

  it("records one lockout row per refused sign-in attempt", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.password.allowSignIn": true } });
    const admin = as(lk, project, "admin");
    const client = as(lk, project, "client");
    await as(lk, project, "server")("POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" });
    for (let i = 0; i < 10; i++) expect((await client("POST", "/auth/password/sign-in", { email: "ada@example.com", password: `wrong ${i} guess` })).status).toBe(400);
    const lockedOut = async () => ((await admin("GET", "/internal/audit-log?event=auth.locked_out")).body.items as Entry[]).map((e) => e.payload);
    expect(await lockedOut()).toEqual([]);

    for (let i = 0; i < 3; i++) expect((await client("POST", "/auth/password/sign-in", { email: "ada@example.com", password: "a good password" })).status).toBe(429);
    lk.clock.advance(30_000);
    expect((await client("POST", "/auth/password/sign-in", { email: "ada@example.com", password: "a good password" })).status).toBe(429);
    const rows = await lockedOut();
    expect(rows).toHaveLength(4);
    expect(rows).toEqual([
      { method: "password", email: "ada@example.com", retry_after_seconds: 30 },
      { method: "password", email: "ada@example.com", retry_after_seconds: 60 },
      { method: "password", email: "ada@example.com", retry_after_seconds: 60 },
      { method: "password", email: "ada@example.com", retry_after_seconds: 60 },
    ]);
    // Wrong passwords before the lockout are sign-in failures, one row each.
    expect((await admin("GET", "/internal/audit-log?event=auth.sign_in_failed")).body.items).toHaveLength(10);
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: true });
  });

  it("detects a changed row and a removed row", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = as(lk, project, "admin");
    // Row 1 is the test project's key set; 2 to 5 the endpoints.
    for (const name of ["a", "b", "c", "d"]) await admin("POST", "/internal/webhooks/endpoints", { url: `http://127.0.0.1:9/${name}` });
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: true, checked: 5 });

    const { store } = lk.deps;
    const audit = store.t.auditLog;
    const rowAt = async (seq: number) => (await store.db.select().from(audit).where(and(eq(audit.projectId, project.id), eq(audit.seq, seq))))[0]!;
    const second = await rowAt(3);
    await store.db.update(audit).set({ payload: { ...(second.payload as object), url: "http://evil.example/" } }).where(eq(audit.id, second.id));
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: false, first_invalid_seq: 3, problem: "row 3 was changed after it was recorded" });

    await store.db.update(audit).set({ payload: second.payload }).where(eq(audit.id, second.id));
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: true, checked: 5 });

    await store.db.delete(audit).where(eq(audit.id, (await rowAt(4)).id));
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: false, first_invalid_seq: 4, problem: "row 4 is missing" });
  });

  // Issue 35, finding 4: a row inserted behind the server's back used to be sealed into the chain by the
  // next event, and verification called the log intact.
  it("refuses a row inserted straight into the table: it never joins the chain and verification fails", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = as(lk, project, "admin");
    await admin("POST", "/internal/webhooks/endpoints", { url: "http://127.0.0.1:9/a" });
    const { store } = lk.deps;
    const audit = store.t.auditLog;
    const [genuine] = await store.db.select().from(audit).where(and(eq(audit.projectId, project.id), eq(audit.seq, 2)));
    // Someone with database access but without the server secret writes a row that looks recorded.
    await store.db.insert(audit).values({
      ...genuine!,
      id: "00000000-0000-4000-8000-000000000035",
      sequence: `${genuine!.sequence}~`,
      payload: { url: "http://evil.example/" },
      seq: null,
      prevHash: null,
      hash: null,
      rowMac: genuine!.rowMac,
    });
    // The next audited event seals what is pending.
    await admin("POST", "/internal/webhooks/endpoints", { url: "http://127.0.0.1:9/b" });

    const items = (await admin("GET", "/internal/audit-log")).body.items as Entry[];
    expect(items.map((e) => e.payload.url)).toEqual(["http://127.0.0.1:9/b", "http://127.0.0.1:9/a", undefined]);
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({
      valid: false,
      checked: 3,
      first_invalid_seq: null,
      problem: "1 row in the table was not recorded by this server (no valid write-time seal)",
    });
  });

  it("detects the removal of the newest rows through a checkpoint kept apart from the chain", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = as(lk, project, "admin");
    for (const name of ["a", "b", "c"]) await admin("POST", "/internal/webhooks/endpoints", { url: `http://127.0.0.1:9/${name}` });
    // The job runner's periodic round checkpoints every project whose head moved.
    expect(await checkpointAllProjects(lk.deps)).toBeGreaterThanOrEqual(1);
    const intact = (await admin("POST", "/internal/audit-log/verify", {})).body;
    expect(intact).toMatchObject({ valid: true, checked: 4, head: { seq: 4 }, checkpoints: { checked: 1, latest: { seq: 4, hash: intact.head.hash } } });
    expect(await checkpointAllProjects(lk.deps)).toBe(0);

    const { store } = lk.deps;
    const audit = store.t.auditLog;
    await store.db.delete(audit).where(and(eq(audit.projectId, project.id), gte(audit.seq, 3)));
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({
      valid: false,
      checked: 2,
      first_invalid_seq: 3,
      problem: expect.stringMatching(/^the chain ends at row 2 but the checkpoint of .+ names row 4: the newest rows were removed$/),
    });

    // A checkpoint written without the server secret is no help to the one who removed the rows.
    const checkpoints = store.t.auditCheckpoints;
    await store.db.update(checkpoints).set({ seq: 2, hash: (await store.db.select().from(audit).where(and(eq(audit.projectId, project.id), eq(audit.seq, 2))))[0]!.hash! }).where(eq(checkpoints.projectId, project.id));
    expect((await admin("POST", "/internal/audit-log/verify", {})).body).toMatchObject({ valid: false, problem: "the checkpoint naming row 2 was not written by this server" });
  });

  it("writes a checkpoint in the sealing transaction every 1000 positions", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const { deps } = lk;
    // Rows recorded outside a transaction wait for the next sealing, which then crosses position 1000.
    for (let i = 0; i < CHECKPOINT_EVERY; i++) {
      await recordEvent(deps, deps.store.db, "webhook_endpoint.deleted", { id: randomUUID() }, { projectId: project.id, actor: { accessType: "admin", userId: null } });
    }
    expect(await deps.queries.auditCheckpoints.latest(project.id)).toBeUndefined();
    expect(await sealAuditChain(deps, project.id)).toMatchObject({ seq: CHECKPOINT_EVERY + 1 });
    expect(Number((await deps.queries.auditCheckpoints.latest(project.id))!.seq)).toBe(CHECKPOINT_EVERY + 1);
  }, 60_000);
});
