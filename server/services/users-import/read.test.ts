/** Reading user files: JSON Lines and CSV lines become checked users or numbered reasons. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { csvLine } from "./csv.js";
import { derivedId } from "./format.js";
import { HeaderError } from "./columns.js";
import { formatOfPath, readUserFile, type FileRecord } from "./read.js";

const dir = mkdtempSync(join(tmpdir(), "latchkey-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(name: string, text: string, allowNoEmail = false) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const reader = readUserFile(path, formatOfPath(path), "proj", { allowNoEmail });
  const records: FileRecord[] = [];
  for await (const record of reader.records) records.push(record);
  return { records, ignored: [...reader.ignoredFields], renamed: Object.fromEntries(reader.renamedColumns), delimiter: reader.delimiter() };
}

const errorsOf = (records: FileRecord[]) => records.map((r) => ("error" in r ? [r.line, r.error] : [r.line, "ok"]));

describe("user files", () => {
  it("reads CSV with quoted commas, quotes and line breaks, numbering records by their first line", async () => {
    const header = csvLine(["primary_email", "display_name", "primary_email_verified", "server_metadata", "teams", "created_at", "favourite_colour"]);
    const rows = [
      csvLine(["Ada@Example.com", 'Ada "the first", Countess', "true", JSON.stringify({ a: "x,y" }), JSON.stringify([{ display_name: "Team, One", permissions: ["$read_members"] }]), "1700000000000", "blue"]),
      csvLine(["grace@example.com", "Grace Hopper", "0", '{\n  "a": 1\n}', "", "2023-01-01T00:00:00Z", ""]),
      csvLine(["bad@example.com", "x", "maybe", "", "", "", ""]),
      "too,few",
      csvLine(["meta@example.com", "x", "", "{not json", "", "", ""]),
    ];
    const { records, ignored } = await read("users.csv", [header, ...rows].join("\r\n") + "\r\n");
    expect(ignored).toEqual(["favourite_colour"]);
    expect(records.map((r) => r.line)).toEqual([2, 3, 6, 7, 8]);
    const [ada, grace, bad, few, meta] = records;
    expect(ada).toMatchObject({
      user: {
        id: derivedId("latchkey-import-user", "proj", "ada@example.com"),
        primaryEmail: "ada@example.com",
        primaryEmailVerified: true,
        primaryEmailAuthEnabled: true,
        displayName: 'Ada "the first", Countess',
        serverMetadata: { a: "x,y" },
        teams: [{ id: derivedId("latchkey-import-team", "proj", "Team, One"), displayName: "Team, One", permissions: ["$read_members"] }],
        createdAt: new Date(1700000000000),
      },
    });
    expect(grace).toMatchObject({ user: { displayName: "Grace Hopper", primaryEmailVerified: false, serverMetadata: { a: 1 }, createdAt: new Date("2023-01-01T00:00:00Z") } });
    expect(bad).toEqual({ line: 6, error: "primary_email_verified: must be true or false" });
    expect(few).toEqual({ line: 7, error: "has 2 cells, the header 7" });
    expect(meta).toEqual({ line: 8, error: "server_metadata: is not valid JSON" });
  });

  it("reads JSON Lines, skipping blank lines and naming the first problems of a line", async () => {
    const id = "6F1C3B0E-2D4A-4C5B-9E8F-0A1B2C3D4E5F";
    const lines = [
      JSON.stringify({ id, primary_email: "a@example.com", password: "secret pass", password_hash: "$2b$04$x" }),
      "",
      JSON.stringify({ id, display_name: "No e-mail", teams: [{ permissions: [] }] }),
      JSON.stringify({ id: "not-a-uuid", created_at: "yesterday", oauth_providers: [{ id: "github" }] }),
      "[1, 2]",
      JSON.stringify({ id, display_name: "Fine", teams: [{ id, display_name: "T" }, { id }] }),
      JSON.stringify({ id, display_name: "Fine" }),
    ];
    const { records } = await read("users.jsonl", lines.join("\n"), true);
    expect(records.map((r) => ("error" in r ? [r.line, r.error] : [r.line, r.user.id]))).toEqual([
      [1, "give either password or password_hash, not both"],
      [3, "teams[0]: needs an id or a display_name"],
      [4, expect.stringMatching(/^id: must be a UUID; oauth_providers\[0\]\.account_id: .+; created_at: /)],
      [5, "a line must be a JSON object"],
      [6, `teams: team ${id.toLowerCase()} is listed twice`],
      [7, id.toLowerCase()],
    ]);
  });

  it("matches header aliases case-insensitively and sniffs semicolons and tabs", async () => {
    const rows = ["Ada@example.com", "Ada Lovelace", "a long enough password"];
    for (const [name, delimiter, header, aliases] of [
      ["comma.csv", ",", "email,name,password", { email: "primary_email", name: "display_name" }],
      ["semicolon.csv", ";", "E-Mail;Display_Name;Password", { "E-Mail": "primary_email" }],
      ["tab.tsv", "\t", "Primary Email\tdisplayName\tpassword", {}],
    ] as const) {
      const { records, renamed, delimiter: found, ignored } = await read(name, `${header}\r\n${rows.join(delimiter)}\r\n`);
      expect(found, name).toBe(delimiter);
      expect(ignored, name).toEqual([]);
      // Only aliases are reported as renamed, not other spellings of a field's own name.
      expect(renamed, name).toEqual(aliases);
      expect(records, name).toEqual([{ line: 2, user: expect.objectContaining({ primaryEmail: "ada@example.com", displayName: "Ada Lovelace", password: "a long enough password" }) }]);
    }
    // A semicolon file whose cells hold commas: still one cell each.
    const { records } = await read("commas.csv", 'mail;name;server_metadata\nb@example.com;Lovelace, Ada;{"a":1,"b":2}\n');
    expect(records).toEqual([{ line: 2, user: expect.objectContaining({ primaryEmail: "b@example.com", displayName: "Lovelace, Ada", serverMetadata: { a: 1, b: 2 } }) }]);
  });

  it("refuses a file without an e-mail column unless users without e-mail are allowed, and a line without e-mail", async () => {
    await expect(read("no-email.csv", "name,password\nAda,a long enough password\n")).rejects.toThrow(HeaderError);
    await expect(read("no-email.csv", "name,password\nAda,a long enough password\n")).rejects.toThrow(/no e-mail column.*"name", "password".*--allow-no-email/);
    const allowed = await read("no-email.csv", "name,password\nAda,a long enough password\n", true);
    expect(errorsOf(allowed.records)).toEqual([[2, "ok"]]);
    const empty = await read("empty-email.csv", "email,name\n,Ada\nb@example.com,Bea\n");
    expect(errorsOf(empty.records)).toEqual([
      [2, "primary_email: missing (users without an e-mail are imported only with --allow-no-email)"],
      [3, "ok"],
    ]);
    const jsonl = await read("no-email.jsonl", JSON.stringify({ display_name: "Ada" }));
    expect(errorsOf(jsonl.records)).toEqual([[1, "primary_email: missing (users without an e-mail are imported only with --allow-no-email)"]]);
    await expect(read("twice.csv", "email,E-mail\na@example.com,b@example.com\n")).rejects.toThrow('the columns "email" and "E-mail" both stand for primary_email');
  });

  it("holds lines to POST /users' field rules: control characters, lengths, short passwords, metadata size", async () => {
    const lines = [
      { primary_email: "nul@example.com", display_name: "Ada\u0000Lovelace" },
      { primary_email: "bell@example.com", display_name: "Ada\u0007" },
      { primary_email: "long@example.com", display_name: "x".repeat(300) },
      { primary_email: "short@example.com", password: "short" },
      { primary_email: "meta@example.com", server_metadata: { big: "x".repeat(100_001) } },
      { primary_email: "team@example.com", teams: [{ display_name: "Team\u0000" }] },
      { primary_email: "fine@example.com", display_name: "x".repeat(256) },
    ];
    const { records } = await read("rules.jsonl", lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(errorsOf(records)).toEqual([
      [1, "display_name: must not contain control characters"],
      [2, "display_name: must not contain control characters"],
      [3, "display_name: must be at most 256 characters"],
      [4, "password: must be at least 8 characters"],
      [5, "server_metadata: must be at most 100000 characters as JSON"],
      [6, "teams[0].display_name: must not contain control characters"],
      [7, "ok"],
    ]);
  });

  it("reads cells that an export made spreadsheet-safe as they were", async () => {
    const names = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "'=already quoted", "'plain", "plain"];
    const header = csvLine(["primary_email", "display_name", "server_metadata"]);
    const rows = names.map((name, i) => csvLine([`u${i}@example.com`, name, JSON.stringify(-i)]));
    // Cells a spreadsheet would run are quoted and begin with a single quote; -0 is written as 0.
    expect(rows.slice(0, 5).map((row) => row.split(',"')[1]!.slice(0, 2))).toEqual(["'=", "'+", "'-", "'@", "''"]);
    expect(rows[1]).toBe(`u1@example.com,"'+1","'-1"`);
    const { records } = await read("safe.csv", [header, ...rows].join("\n") + "\n");
    expect(records.map((r) => ("user" in r ? [r.user.displayName, r.user.serverMetadata] : r.error))).toEqual(names.map((name, i) => [name, i === 0 ? 0 : -i]));
  });
});
