/**
 * Issue 35, finding 21: errors the server sends that no test asserted (three known errors, 17 plain-status
 * errors). Every known-error code and plain-status error name the server's code throws must be named by
 * a test (as a quoted string: `expectKnownError(res, 400, "CODE")`, `expectStatusError(res, 404,
 * "name")`, or a plain-status error's fixed text), besides the error tables' own tests. The few not yet
 * asserted are listed below with the reason; the list can only shrink (a listed error that a test now
 * names, or that the server no longer throws, fails here until it is taken off).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { knownErrors } from "../../contract/errors.js";
import { statusErrors } from "../../contract/status-errors.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Not asserted by any test yet, and why. */
const notYetAsserted: Record<string, string> = {
  permissionsServerOnly: "a defensive refusal: the permission grant procedures admit servers and admins only, so no client reaches it",
};

/** The error tables' own tests name every entry; they prove nothing about the server sending it. */
const tableTests = new Set(["contract/errors.test.ts", "contract/status-errors.test.ts", "test/security/error-coverage.test.ts"]);

function sourceFiles(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.split(/[\\/]/).includes("node_modules"))
    .map((file) => relative(root, join(root, dir, file)).replaceAll("\\", "/"));
}

const read = (files: string[]) => files.map((file) => readFileSync(join(root, file), "utf8")).join("\n");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const named = (text: string, name: string) => new RegExp(`["'\`]${name}["'\`]`).test(text);

const serverCode = read(sourceFiles("server").filter((file) => !isTest(file)));
const testCode = read(["test", "server", "contract", "clients", "dashboard", "scripts"].flatMap(sourceFiles).filter((file) => (isTest(file) || file.startsWith("test/")) && !tableTests.has(file)));

interface Sent {
  name: string;
  asserted: boolean;
}

function sentErrors(): Sent[] {
  const known = Object.keys(knownErrors).filter((code) => named(serverCode, code)).map((code) => ({ name: code, asserted: named(testCode, code) }));
  const plain = Object.entries(statusErrors)
    .filter(([name]) => named(serverCode, name))
    .map(([name, spec]) => {
      const template = (spec as { template: string }).template;
      const fixedText = !template.includes("{") && testCode.includes(template);
      return { name, asserted: named(testCode, name) || fixedText };
    });
  return [...known, ...plain];
}

describe("errors the server sends", () => {
  const sent = sentErrors();

  it("are found in the server's code (the scan works)", () => {
    expect(sent.map((e) => e.name)).toEqual(expect.arrayContaining(["USER_NOT_FOUND", "INVALID_SCOPE", "sessionNotFound", "bodyTooLarge"]));
  });

  it("are each asserted by a test, but the listed ones", () => {
    const unasserted = sent.filter((e) => !e.asserted && !Object.hasOwn(notYetAsserted, e.name)).map((e) => e.name);
    expect(unasserted, "errors the server throws that no test names: assert each (expectKnownError / expectStatusError)").toEqual([]);
  });

  it("list only errors that are sent and still unasserted", () => {
    const stale = Object.keys(notYetAsserted).filter((name) => sent.find((e) => e.name === name)?.asserted !== false);
    expect(stale, "take these off notYetAsserted: a test names them now, or the server no longer throws them").toEqual([]);
  });
});
