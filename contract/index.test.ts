/**
 * The contract's resource list cannot forget a resource: every procedure group a file under contract/ exports
 * (`…Procedures`) is spread into `contract`, the one object REST routes, the tRPC router, the OpenAPI documents
 * and the SDK types are derived from. A group left out would drop its routes with no compile error.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contract } from "./index.js";

const contractDir = fileURLToPath(new URL(".", import.meta.url));
const moduleFiles = readdirSync(contractDir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts");

describe("contract/index.ts", () => {
  it.each(moduleFiles)("includes every procedure group %s exports", async (file) => {
    const module = (await import(`./${file.replace(/\.ts$/, ".js")}`)) as Record<string, unknown>;
    const groups = Object.entries(module).filter(([name]) => name.endsWith("Procedures"));
    for (const [groupName, group] of groups) {
      for (const [procedureName, definition] of Object.entries(group as Record<string, unknown>)) {
        expect(contract[procedureName as keyof typeof contract], `${file}: ${groupName}.${procedureName} is not in contract/index.ts`).toBe(definition);
      }
    }
  });

  it("holds no procedure that two groups define under one name", async () => {
    const owners = new Map<string, string>();
    for (const file of moduleFiles) {
      const module = (await import(`./${file.replace(/\.ts$/, ".js")}`)) as Record<string, unknown>;
      for (const [groupName, group] of Object.entries(module).filter(([name]) => name.endsWith("Procedures"))) {
        for (const procedureName of Object.keys(group as Record<string, unknown>)) {
          expect(owners.get(procedureName), `${procedureName} is defined by ${owners.get(procedureName)} and ${file}`).toBeUndefined();
          owners.set(procedureName, `${file} (${groupName})`);
        }
      }
    }
    expect([...owners.keys()].sort()).toEqual(Object.keys(contract).sort());
  });
});
