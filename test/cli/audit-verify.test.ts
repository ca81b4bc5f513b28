/**
 * `latchkey audit verify` on a running server's database, both dialects: an intact chain passes, a
 * row changed in the database behind the server's back fails at that row, with exit code 1; the newest
 * rows removed fail against a checkpoint (`latchkey audit checkpoint`, printed by `audit checkpoints`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import type { ServerProcess } from "../support/server-process.js";
import { api, cli, sql, startServer } from "./users-support.js";

describe.each(testDialects)("latchkey audit verify (%s)", (dialect) => {
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-audit-"));

  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    rmSync(dir, { recursive: true, force: true });
  });

  // Issue 35, finding 4: removing the newest rows left a valid, shorter chain.
  it("writes and prints checkpoints, and fails when the newest rows were removed", async () => {
    for (const name of ["Barbara", "Frances"]) {
      const created = await api(server, "POST", "/users", "admin", { display_name: name, primary_email: `${name.toLowerCase()}@checkpoint.example` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const written = await cli(server, ["--json", "audit", "checkpoint", "--project", "internal"], dir);
    expect(written.code, written.stderr).toBe(0);
    const { checkpoint } = JSON.parse(written.stdout);
    expect(JSON.parse(written.stdout)).toMatchObject({ project: "internal", written: true, checkpoint: { seq: expect.any(Number), hash: expect.any(String) } });
    const again = await cli(server, ["audit", "checkpoint", "--project", "internal"], dir);
    expect(again.stdout).toBe(`The newest checkpoint already names the head: row ${checkpoint.seq} ${checkpoint.hash} (${checkpoint.createdAt}).\n`);
    const printed = await cli(server, ["audit", "checkpoints", "--project", "internal", "--limit", "5"], dir);
    expect(printed.stdout).toBe(`${checkpoint.createdAt}  row ${checkpoint.seq}  ${checkpoint.hash}  mac ${checkpoint.mac}\n`);
    expect((await cli(server, ["audit", "verify", "--project", "internal"], dir)).stdout).toContain(`1 checkpoint holds, the newest names row ${checkpoint.seq}`);

    // Someone with database access removes the newest row: the chain left is valid but shorter.
    await sql(server, "delete from audit_log where project_id = 'internal' and seq = ?", [checkpoint.seq]);
    const truncated = await cli(server, ["--json", "audit", "verify", "--project", "internal"], dir);
    expect(truncated.code).toBe(1);
    expect(JSON.parse(truncated.stdout)).toMatchObject({
      valid: false,
      firstInvalidSeq: checkpoint.seq,
      problem: `the chain ends at row ${checkpoint.seq - 1} but the checkpoint of ${checkpoint.createdAt} names row ${checkpoint.seq}: the newest rows were removed`,
    });
    // Left for the next test: a valid chain without checkpoints.
    await sql(server, "delete from audit_checkpoints where project_id = 'internal'");
  }, 60_000);

  it("passes on an intact chain and names the first changed row", async () => {
    // Changes made with admin access are audited.
    for (const name of ["Ada", "Grace", "Edsger"]) {
      const created = await api(server, "POST", "/users", "admin", { display_name: name, primary_email: `${name.toLowerCase()}@audit.example` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }

    const intact = await cli(server, ["--json", "audit", "verify", "--project", "internal"], dir);
    expect(intact.code, intact.stderr).toBe(0);
    const check = JSON.parse(intact.stdout);
    expect(check).toMatchObject({ project: "internal", valid: true, firstInvalidSeq: null, problem: null });
    expect(check.checked).toBeGreaterThanOrEqual(3);
    expect(check.head).toEqual({ seq: check.checked, hash: expect.any(String) });
    const table = await cli(server, ["audit", "verify", "--project", "internal"], dir);
    expect(table.stdout).toContain(`The audit log of internal is intact: ${check.checked} rows, head ${check.checked} ${check.head.hash}.`);

    // Someone with database access rewrites what an event said.
    const payload = JSON.stringify({ display_name: "Mallory" });
    await sql(server, dialect === "postgres" ? "update audit_log set payload = ?::jsonb where project_id = 'internal' and seq = 2" : "update audit_log set payload = ? where project_id = 'internal' and seq = 2", [payload]);
    const tampered = await cli(server, ["--json", "audit", "verify", "--project", "internal"], dir);
    expect(tampered.code).toBe(1);
    expect(JSON.parse(tampered.stdout)).toMatchObject({ valid: false, checked: 1, firstInvalidSeq: 2, problem: "row 2 was changed after it was recorded", head: null });
    const words = await cli(server, ["audit", "verify", "--project", "internal"], dir);
    expect([words.code, words.stdout]).toEqual([1, "The audit log of internal is broken at row 2: row 2 was changed after it was recorded (the row before it is intact).\n"]);

    // A removed row breaks the chain where it was.
    await sql(server, "delete from audit_log where project_id = 'internal' and seq = 1");
    expect(JSON.parse((await cli(server, ["--json", "audit", "verify", "--project", "internal"], dir)).stdout)).toMatchObject({ valid: false, firstInvalidSeq: 1, problem: "row 1 is missing" });
  }, 60_000);

  it("refuses an unknown project and a missing server secret", async () => {
    const unknown = await cli(server, ["audit", "verify", "--project", "nope"], dir);
    expect(unknown.code).toBe(65);
    expect(unknown.stderr).toMatch(/^latchkey: There is no project "nope" in this database/);
    // Without the server's secret the chain cannot be checked (and no new secret is made up).
    const noSecret = await cli(server, ["audit", "verify", "--project", "internal"], dir, { LATCHKEY_SERVER_SECRET: undefined });
    expect(noSecret.code).toBe(78);
    expect(noSecret.stderr).toBe(`latchkey: The server secret was not found: set LATCHKEY_SERVER_SECRET, or LATCHKEY_DATA_DIR to the server's data directory (${dir} has no server-secret file).\n`);
  });
});
