import { describe, expect, it } from "vitest";
import { renderConfig } from "../config/index.js";
import { definitionExists, expandPermissions, listDefinitions, scopeOf, wouldCreateCycle } from "./definitions.js";

const config = renderConfig({
  "rbac.permissions.reader": { scope: "team", containedPermissionIds: { $read_members: true } },
  "rbac.permissions.editor": { scope: "team", description: "Edits", containedPermissionIds: { reader: true, $update_team: true } },
  "rbac.permissions.billing": { scope: "project", containedPermissionIds: {} },
  "rbac.permissions.gone_child": { scope: "team", containedPermissionIds: { missing: true } },
});

describe("permission definitions", () => {
  it("lists the six system permissions with the team's own definitions, sorted", () => {
    const team = listDefinitions(config, "team").map((d) => d.id);
    expect(team).toEqual(["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team", "editor", "gone_child", "reader"]);
    expect(listDefinitions(config, "project").map((d) => d.id)).toEqual(["billing"]);
    expect(listDefinitions(config, "team").find((d) => d.id === "editor")).toEqual({ id: "editor", description: "Edits", containedPermissionIds: ["$update_team", "reader"] });
  });

  it("expands containment transitively and skips ids that are not defined", () => {
    expect([...expandPermissions(config, "team", ["editor"])].sort()).toEqual(["$read_members", "$update_team", "editor", "reader"]);
    expect([...expandPermissions(config, "team", ["gone_child", "nonexistent"])]).toEqual(["gone_child"]);
    expect([...expandPermissions(config, "project", ["editor"])]).toEqual([]);
  });

  it("knows scopes", () => {
    expect(definitionExists(config, "team", "$invite_members")).toBe(true);
    expect(definitionExists(config, "project", "$invite_members")).toBe(false);
    expect(scopeOf(config, "billing")).toBe("project");
    expect(scopeOf(config, "nope")).toBeNull();
  });

  it("detects containment cycles, direct and indirect", () => {
    const permissions = config.rbac.permissions;
    expect(wouldCreateCycle(permissions, "reader", ["editor"])).toBe(true);
    expect(wouldCreateCycle(permissions, "reader", ["reader"])).toBe(true);
    expect(wouldCreateCycle(permissions, "editor", ["reader"])).toBe(false);
  });
});
