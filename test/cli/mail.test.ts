/**
 * `latchkey mail list | show` on a running server's database, both dialects: a sign-up's verification
 * mail on a server without SMTP is kept in the project's local inbox, listed, and shown with its link;
 * a production-mode project's list says that nothing is kept and shows nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import type { ServerProcess } from "../support/server-process.js";
import { api, cli, sql, startServer } from "./users-support.js";

describe.each(testDialects)("latchkey mail (%s)", (dialect) => {
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-mail-"));

  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the kept verification mail of a sign-up and shows its link", async () => {
    const signUp = await api(server, "POST", "/auth/password/sign-up", "client", {
      email: "mabel@inbox.example",
      password: "Quietly-Orbiting-Walrus-4817",
      verification_callback_url: "http://localhost:8102/handler/email-verification",
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);

    // The server's runner keeps the mail just after the sign-up answered.
    let listed: { state: string; mails: { id: string; to: string[]; subject: string }[] } = { state: "", mails: [] };
    for (let i = 0; i < 50 && listed.mails.length === 0; i++) {
      const run = await cli(server, ["--json", "mail", "list", "--project", "internal"], dir);
      expect(run.code, run.stderr).toBe(0);
      listed = JSON.parse(run.stdout);
      if (listed.mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listed).toMatchObject({ state: "kept", mails: [{ to: ["mabel@inbox.example"] }] });
    const [kept] = listed.mails;

    const table = await cli(server, ["mail", "list", "--project", "internal"], dir);
    expect(table.stdout).toMatch(new RegExp(`^TIME \\(UTC\\) +TO +SUBJECT +ID\\n.*mabel@inbox\\.example +${escape(kept!.subject)} +${kept!.id}\\n$`));

    const shown = await cli(server, ["mail", "show", kept!.id, "--project", "internal"], dir);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^To: mabel@inbox\.example\nSubject: .+\nDate: .+\n\n/);
    expect(shown.stdout).toMatch(/http:\/\/localhost:8102\/handler\/email-verification\?code=\w+/);
    const html = await cli(server, ["mail", "show", kept!.id, "--project", "internal", "--html"], dir);
    expect(html.stdout).toMatch(/<a [^>]*href="http:\/\/localhost:8102\/handler\/email-verification\?code=/);

    const missing = await cli(server, ["mail", "show", "00000000-0000-4000-8000-000000000000", "--project", "internal"], dir);
    expect([missing.code, missing.stderr]).toEqual([65, 'latchkey: The project internal has no kept mail "00000000-0000-4000-8000-000000000000" (kept mails are removed after 7 days).\n']);
  }, 60_000);

  it("says that a production-mode project keeps nothing", async () => {
    await sql(server, "update projects set is_production_mode = ? where id = 'internal'", [dialect === "sqlite" ? 1 : true]);
    try {
      const run = await cli(server, ["mail", "list", "--project", "internal"], dir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain("This project is in production mode: its mails are never kept in the local inbox.");
      // The mail kept before is not shown any more.
      expect(run.stdout).toBe("No mail kept.\n");
    } finally {
      await sql(server, "update projects set is_production_mode = ? where id = 'internal'", [dialect === "sqlite" ? 0 : false]);
    }
  }, 60_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
