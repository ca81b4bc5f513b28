/**
 * `npm start` builds only when the sources changed (issue 36, item 3): the stamp it compares
 * (scripts/build-stamp.mjs) changes with an edited, added or removed source, and not with anything under
 * node_modules or dist.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourceStamp } from "../../scripts/build-stamp.mjs";

const root = mkdtempSync(join(tmpdir(), "latchkey-stamp-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the build stamp", () => {
  it("changes with the sources, not with dependencies or build output", () => {
    mkdirSync(join(root, "server", "node_modules"), { recursive: true });
    mkdirSync(join(root, "dashboard", "dist"), { recursive: true });
    writeFileSync(join(root, "server", "main.ts"), "export {};\n");
    const first = sourceStamp(root);
    expect(sourceStamp(root)).toBe(first);

    writeFileSync(join(root, "server", "node_modules", "dep.js"), "x\n");
    writeFileSync(join(root, "dashboard", "dist", "index.html"), "<p>built</p>\n");
    expect(sourceStamp(root)).toBe(first);

    utimesSync(join(root, "server", "main.ts"), new Date(), new Date(Date.now() + 5_000));
    const edited = sourceStamp(root);
    expect(edited).not.toBe(first);

    mkdirSync(join(root, "contract"));
    writeFileSync(join(root, "contract", "users.ts"), "export {};\n");
    const added = sourceStamp(root);
    expect(added).not.toBe(edited);

    rmSync(join(root, "contract", "users.ts"));
    expect(sourceStamp(root)).toBe(edited);
  });
});
