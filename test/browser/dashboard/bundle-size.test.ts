/**
 * The dashboard's production bundle: the JavaScript a first visit loads (the entry script and the chunks
 * it preloads) stays under 300 KB gzipped, and each page (charts, code editor, tables) is its own chunk
 * loaded on demand.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ensureFrontendBuilt } from "../../support/frontend-build.js";

const LIMIT = 300 * 1024;

describe("dashboard bundle", () => {
  it("keeps the initial JavaScript under 300 KB gzipped and loads pages on demand", { timeout: 300_000 }, async () => {
    const dist = await ensureFrontendBuilt("dashboard");
    const html = readFileSync(join(dist, "index.html"), "utf8");
    const initial = [...html.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    const gzipped = initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    expect(gzipped).toBeLessThan(LIMIT);

    // Heavy libraries stay out of the initial files: recharts (Overview) and CodeMirror (E-mails).
    const initialText = initial.map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
    const all = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
    for (const marker of ["recharts-wrapper", "cm-editor"]) {
      expect(initialText).not.toContain(marker);
      expect(
        all.some((file) => readFileSync(join(dist, "assets", file), "utf8").includes(marker)),
        marker,
      ).toBe(true);
    }
    // The entry names the lazily loaded page chunks.
    for (const page of ["Overview", "Users", "UserDetail", "Emails", "Payments", "AuditLog"])
      expect(initialText).toMatch(new RegExp(`assets/${page}-[\\w-]+\\.js`));
  });
});
