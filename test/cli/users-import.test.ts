/**
 * `latchkey users import | export` as a person runs them (the CLI as a child process on a running
 * server's database), on both dialects: a few thousand bcrypt users, a kill -9 midway and a second run
 * that finishes without duplicates, rejected lines reported by number, old passwords that sign in
 * through the HTTP API and leave an argon2id hash behind, and an export that imports into another
 * database and exports again to the same file.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import type { ServerProcess } from "../support/server-process.js";
import { api, cli, spawnCli, sql, startServer, type Run } from "./users-support.js";

/** A multiple of 300 (team B takes every 300th user); large enough that a kill lands between batches. */
const USERS = 1200;
// Cost 10: the least an imported bcrypt hash may cost (passwords/hash-strength.ts).
const sharedHash = bcrypt.hashSync("shared old password", 10);
const samples = [1, 2, 3].map((i) => ({ i, email: `user-${i}@import.example`, password: `old password number ${i}` }));
const teamB = randomUUID();

function userLine(i: number): Record<string, unknown> {
  const sample = samples.find((s) => s.i === i);
  return {
    ...(i % 3 === 0 && { id: randomUUID() }),
    primary_email: `User-${i}@Import.example`,
    primary_email_verified: i % 2 === 0,
    display_name: `User ${i}`,
    // Every tenth user comes with a plain password (hashed with argon2id at import): slower lines.
    ...(i % 10 === 0 ? { password: `plain password ${i}` } : { password_hash: sample ? bcrypt.hashSync(sample.password, 10) : sharedHash }),
    client_metadata: { n: i },
    server_metadata: { tier: i % 2 === 0 ? "gold" : "basic" },
    ...(i % 50 === 0 && { oauth_providers: [{ id: "github", account_id: `gh-${i}`, email: `gh-${i}@users.example` }] }),
    ...(i % 100 === 0 && {
      teams: [{ display_name: "Imported Team A", permissions: ["$read_members"] }, ...(i % 300 === 0 ? [{ id: teamB, display_name: "Imported Team B" }] : [])],
    }),
    created_at: new Date(Date.UTC(2023, 0, 1) + i * 60_000).toISOString(),
  };
}

/** Bad lines, each placed after the user line of the given number. */
const badLines = [
  { after: 4, text: "{not json", reason: /^not valid JSON$/ },
  { after: 16, text: JSON.stringify({ primary_email: "not-an-email" }), reason: /^primary_email: must be a valid email/ },
  { after: 28, text: JSON.stringify({ primary_email: "md5@import.example", password_hash: "5f4dcc3b5aa765d61d8327deb882cf99", password_hash_algorithm: "md5" }), reason: /^password_hash: unknown password hash algorithm "md5"/ },
  { after: 40, text: JSON.stringify({ primary_email: "perm@import.example", project_permissions: ["no_such_permission"] }), reason: /"no_such_permission" is not a project permission/ },
  { after: USERS, text: JSON.stringify({ id: randomUUID(), primary_email: "user-1@import.example" }), reason: /^primary_email user-1@import\.example already signs in user / },
];

function writeUserFile(path: string): { badLineNumbers: number[] } {
  const lines: string[] = [];
  const badLineNumbers: number[] = [];
  for (let i = 1; i <= USERS; i++) {
    lines.push(JSON.stringify(userLine(i)));
    for (const bad of badLines.filter((b) => b.after === i)) {
      lines.push(bad.text);
      badLineNumbers.push(lines.length);
    }
  }
  writeFileSync(path, lines.join("\n") + "\n");
  return { badLineNumbers };
}

const json = (run: Run) => JSON.parse(run.stdout) as any;

describe.each(testDialects)("latchkey users import | export (%s)", (dialect) => {
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-users-"));
  const file = join(dir, "users.jsonl");
  let badLineNumbers: number[];
  const countUsers = async (s: ServerProcess) => Number((await sql<{ n: number }>(s, "select count(*) as n from users where project_id = 'internal'"))[0]!.n);

  beforeAll(async () => {
    server = await startServer(dialect);
    ({ badLineNumbers } = writeUserFile(file));
  });
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    rmSync(dir, { recursive: true, force: true });
  });

  it("resumes after a kill -9 midway without duplicates, and reports rejected lines by number", async () => {
    const first = spawnCli(server, ["--json", "users", "import", file, "--project", "internal", "--batch-size", "100"], dir);
    let atKill = 0;
    for (;;) {
      atKill = await countUsers(server);
      if (atKill >= USERS / 5) break;
      if (first.child.exitCode !== null) throw new Error(`the import ended before it could be interrupted:\n${(await first.done).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill("SIGKILL");
    expect((await first.done).signal).toBe("SIGKILL");
    const committed = await countUsers(server);
    expect(committed).toBeGreaterThanOrEqual(atKill);
    expect(committed).toBeLessThan(USERS);

    const second = await cli(server, ["--json", "users", "import", file, "--project", "internal", "--batch-size", "100"], dir);
    // Lines were rejected: the exit code says so (EX_DATAERR), the summary says which.
    expect(second.code, second.stderr).toBe(65);
    const summary = json(second);
    expect(summary).toMatchObject({ project: "internal", format: "jsonl", read: USERS + badLines.length, imported: USERS - committed, alreadyPresent: committed, rejected: badLines.length });
    expect(summary.rejectedLines.map((r: { line: number }) => r.line)).toEqual(badLineNumbers);
    summary.rejectedLines.forEach((r: { reason: string }, i: number) => expect(r.reason).toMatch(badLines[i]!.reason));
    const rejectsFile = readFileSync(summary.rejectsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rejectsFile).toEqual(summary.rejectedLines);

    expect(await countUsers(server)).toBe(USERS);
    expect(await sql(server, "select value from contact_channels where project_id = 'internal' group by value having count(*) > 1")).toEqual([]);
    expect(Number((await sql<{ n: number }>(server, "select count(*) as n from team_members where project_id = 'internal'"))[0]!.n)).toBe(USERS / 100 + USERS / 300);
    expect(Number((await sql<{ n: number }>(server, "select count(*) as n from teams where project_id = 'internal'"))[0]!.n)).toBe(2);
    expect(Number((await sql<{ n: number }>(server, "select count(*) as n from oauth_accounts where project_id = 'internal'"))[0]!.n)).toBe(USERS / 50);
    // Each batch recorded its events as a server creating the users would: the audit log holds every team grant.
    expect(Number((await sql<{ n: number }>(server, "select count(*) as n from audit_log where project_id = 'internal' and event = 'team_permission.created'"))[0]!.n)).toBe(USERS / 100);

    // A third run finds everything there and writes nothing.
    const third = json(await cli(server, ["--json", "users", "import", file, "--project", "internal"], dir));
    expect(third).toMatchObject({ imported: 0, alreadyPresent: USERS, rejected: badLines.length });
  }, 180_000);

  it("signs imported users in with their old passwords, then holds an argon2id hash", async () => {
    const [sample, other] = samples;
    const hashOf = async (email: string) =>
      (await sql<{ h: string }>(server, "select u.password_hash as h from users u join contact_channels c on c.user_id = u.id where c.value = ?", [email]))[0]!.h;
    expect(await hashOf(sample!.email)).toMatch(/^\$2[ab]\$10\$/);

    const wrong = await api(server, "POST", "/auth/password/sign-in", "client", { email: other!.email, password: "not the old password" });
    expect(wrong.headers.get("x-stack-known-error")).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(await hashOf(other!.email)).toMatch(/^\$2[ab]\$/);

    const signIn = await api(server, "POST", "/auth/password/sign-in", "client", { email: sample!.email, password: sample!.password });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(await hashOf(sample!.email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash checks the same password.
    expect((await api(server, "POST", "/auth/password/sign-in", "client", { email: sample!.email, password: sample!.password })).status).toBe(200);
    // A plain password from the file was hashed at import.
    expect((await api(server, "POST", "/auth/password/sign-in", "client", { email: "user-10@import.example", password: "plain password 10" })).status).toBe(200);
    // A user's fields came through.
    const me = await api(server, "GET", `/users/${signIn.body.user_id}`, "server");
    expect(me.body).toMatchObject({ primary_email: "user-1@import.example", primary_email_verified: false, display_name: "User 1", client_metadata: { n: 1 }, server_metadata: { tier: "basic" } });
  }, 60_000);

  it("exports in the import's format, and the export imports into another database unchanged", async () => {
    const withHashes = join(dir, "export.jsonl");
    const exported = json(await cli(server, ["--json", "users", "export", "--project", "internal", "--out", withHashes, "--include-password-hashes"], dir));
    expect(exported).toMatchObject({ users: USERS, format: "jsonl", includePasswordHashes: true });
    const lines = readFileSync(withHashes, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(USERS);
    const user300 = lines.find((l) => l.primary_email === "user-300@import.example");
    expect(user300).toMatchObject({
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      display_name: "User 300",
      password_hash_algorithm: "argon2",
      oauth_providers: [{ id: "github", account_id: "gh-300", email: "gh-300@users.example" }],
      teams: expect.arrayContaining([expect.objectContaining({ display_name: "Imported Team A", permissions: ["$read_members"] }), { id: teamB, display_name: "Imported Team B", permissions: [] }]),
      created_at: new Date(Date.UTC(2023, 0, 1) + 300 * 60_000).toISOString(),
    });
    expect(lines.find((l) => l.primary_email === "user-2@import.example")).toMatchObject({ password_hash_algorithm: "bcrypt" });

    // Without the flag, no hash leaves the database.
    const plain = await cli(server, ["users", "export", "--project", "internal", "--format", "csv"], dir);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout.split("\n")[0]).toBe("id,primary_email,primary_email_verified,primary_email_auth_enabled,display_name,profile_image_url,oauth_providers,client_metadata,client_read_only_metadata,server_metadata,teams,project_permissions,created_at");
    expect(plain.stdout).not.toMatch(/\$2[aby]\$|\$argon2/);
    expect(plain.stderr).toContain(`Exported ${USERS} users of internal.`);

    // CSV into a fresh database, then out again as JSON Lines: the same file.
    const csv = join(dir, "export.csv");
    expect((await cli(server, ["users", "export", "--project", "internal", "--out", csv, "--include-password-hashes"], dir)).code).toBe(0);
    await using other = await startServer(dialect);
    const imported = await cli(other, ["--json", "users", "import", csv, "--project", "internal"], dir);
    expect(imported.code, imported.stderr).toBe(0);
    expect(json(imported)).toMatchObject({ format: "csv", imported: USERS, rejected: 0, teamsCreated: 2, ignoredFields: [] });
    const again = join(dir, "again.jsonl");
    expect((await cli(other, ["users", "export", "--project", "internal", "--out", again, "--include-password-hashes"], dir)).code).toBe(0);
    expect(readFileSync(again, "utf8")).toBe(readFileSync(withHashes, "utf8"));
    // The carried hash still checks the old password there.
    expect((await api(other, "POST", "/auth/password/sign-in", "client", { email: samples[2]!.email, password: samples[2]!.password })).status).toBe(200);
  }, 180_000);

  it("explains bad arguments", async () => {
    const missing = await cli(server, ["users", "import", join(dir, "nope.jsonl"), "--project", "internal"], dir);
    expect([missing.code, missing.stderr]).toEqual([64, `latchkey: Cannot read ${join(dir, "nope.jsonl")}: no such file.\n`]);
    const noProject = await cli(server, ["users", "export", "--project", "no-such-project"], dir);
    expect(noProject.code).toBe(65);
    expect(noProject.stderr).toMatch(/^latchkey: There is no project "no-such-project" in this database/);
    const firebase = await cli(server, ["users", "import", file, "--project", "internal", "--firebase-rounds", "8"], dir);
    expect(firebase.code).toBe(64);
    expect(firebase.stderr).toContain("Firebase hashes need all four of");
  }, 60_000); // three CLI processes: each a Node start, seconds apiece on a loaded machine
});
