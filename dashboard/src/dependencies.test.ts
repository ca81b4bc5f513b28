// @trpc/tanstack-react-query requires @trpc/client and @trpc/server at exactly its own version, and the
// server's router type must come from that same @trpc/server: every @trpc/* package in the repository is
// therefore pinned to one exact version.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

function trpcSpecs(path: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as Manifest;
  const all = { ...manifest.dependencies, ...manifest.devDependencies };
  return Object.fromEntries(Object.entries(all).filter(([name]) => name.startsWith("@trpc/")));
}

describe("tRPC versions", () => {
  it("pins every @trpc/* package of the root and the dashboard to one exact version", () => {
    const specs = [...Object.values(trpcSpecs("../../package.json")), ...Object.values(trpcSpecs("../package.json"))];
    expect(specs.length).toBeGreaterThanOrEqual(4);
    for (const spec of specs) expect(spec).toMatch(/^\d+\.\d+\.\d+$/);
    expect(new Set(specs).size).toBe(1);
  });
});
