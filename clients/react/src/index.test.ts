import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageName, version } from "./index.js";

describe("package identity", () => {
  it("exports the name and version written in package.json", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string; version: string };
    expect({ packageName, version }).toEqual({ packageName: manifest.name, version: manifest.version });
  });
});
