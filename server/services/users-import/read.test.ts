/** Reading user files: JSON Lines and CSV lines become checked users or numbered reasons. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { csvLine } from "./csv.js";
import { derivedId } from "./format.js";
import { formatOfPath, readUserFile, type FileRecord } from "./read.js";

const dir = mkdtempSync(join(tmpdir(), "latchkey-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(name: string, text: string): Promise<{ records: FileRecord[]; ignored: string[] }> {
  const path = join(dir, name);
  writeFileSync(path, text);
  const reader = readUserFile(path, formatOfPath(path), "proj");
  const records: FileRecord[] = [];
  for await (const record of reader.records) records.push(record);
  return { records, ignored: [...reader.ignoredFields] };
}

describe("user files", () => {
  it("reads CSV with quoted commas, quotes and line breaks, numbering records by their first line", async () => {
    const header = csvLine(["primary_email", "display_name", "primary_email_verified", "server_metadata", "teams", "created_at", "favourite_colour"]);
    const rows = [
      csvLine(["Ada@Example.com", 'Ada "the first", Countess', "true", JSON.stringify({ a: "x,y" }), JSON.stringify([{ display_name: "Team, One", permissions: ["$read_members"] }]), "1700000000000", "blue"]),
      csvLine(["grace@example.com", "Grace\nHopper", "0", "", "", "2023-01-01T00:00:00Z", ""]),
      csvLine(["bad@example.com", "x", "maybe", "", "", "", ""]),
      "too,few",
      csvLine(["meta@example.com", "x", "", "{not json", "", "", ""]),
    ];
    const { records, ignored } = await read("users.csv", [header, ...rows].join("\r\n") + "\r\n");
    expect(ignored).toEqual(["favourite_colour"]);
    expect(records.map((r) => r.line)).toEqual([2, 3, 5, 6, 7]);
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
    expect(grace).toMatchObject({ user: { displayName: "Grace\nHopper", primaryEmailVerified: false, serverMetadata: null, createdAt: new Date("2023-01-01T00:00:00Z") } });
    expect(bad).toEqual({ line: 5, error: "primary_email_verified: must be true or false" });
    expect(few).toEqual({ line: 6, error: "has 2 cells, the header 7" });
    expect(meta).toEqual({ line: 7, error: "server_metadata: is not valid JSON" });
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
    const { records } = await read("users.jsonl", lines.join("\n"));
    expect(records.map((r) => ("error" in r ? [r.line, r.error] : [r.line, r.user.id]))).toEqual([
      [1, "give either password or password_hash, not both"],
      [3, "teams[0]: needs an id or a display_name"],
      [4, expect.stringMatching(/^id: must be a UUID; oauth_providers\[0\]\.account_id: .+; created_at: /)],
      [5, "a line must be a JSON object"],
      [6, `teams: team ${id.toLowerCase()} is listed twice`],
      [7, id.toLowerCase()],
    ]);
  });
});
