/**
 * Stack's exported names, checked mechanically: every name (value or type) that `@stackframe/js` 2.8.39
 * exports is exported by `@latchkey/js`, and every name `@stackframe/stack` exports (its hooks, provider,
 * handler, theme and components beside the apps and types) by `@latchkey/next`, both as client code imports
 * it and as server components import it (the `react-server` condition). The members of the apps and of
 * their objects are compared by stack-surface.test.ts. A name we lack fails, apart from the allow-list.
 */
import { describe, expect, it } from "vitest";
import { exportedNames } from "./support/exported-names.js";
import { repoRoot } from "./support/packed.js";

/** Names Stack exports that we deliberately do not, each with its reason. */
const allowList: Record<string, string> = {
  stackAppInternalsSymbol: "the key to Stack's private app internals, read only by Stack's own packages; nothing of ours or of an app reads it",
  InternalApiKeyBaseCrudRead: "a row of Stack's internal CRUD layer in wire format (snake_case); our SDK hands out the key objects (InternalApiKey), never wire rows",
  TeamSwitcher: "not built yet: @latchkey/react has SelectedTeamSwitcher (the selected team's switcher); Stack's newer TeamSwitcher (a controlled team picker) is open in clients/react",
};

const missing = (theirs: string[], ours: string[]) => theirs.filter((name) => !ours.includes(name) && !(name in allowList));

describe("Stack's exported names", () => {
  const stackJs = exportedNames(repoRoot, "@stackframe/js");
  const stackNext = exportedNames(repoRoot, "@stackframe/stack");

  it("reads Stack's declarations (the hooks and components included)", () => {
    expect(stackJs.length).toBeGreaterThan(60);
    expect(stackNext).toEqual(expect.arrayContaining(["useUser", "useStackApp", "StackProvider", "StackHandler", "StackTheme", "UserButton", "StackServerApp"]));
  });

  it("@latchkey/js exports every name of @stackframe/js", () => {
    expect(missing(stackJs, exportedNames(repoRoot, "@latchkey/js"))).toEqual([]);
  }, 120_000);

  it.each([
    ["client code", []],
    ["server components (react-server)", ["react-server"]],
  ])("@latchkey/next exports every name of @stackframe/stack to %s", (_, conditions) => {
    expect(missing(stackNext, exportedNames(repoRoot, "@latchkey/next", conditions))).toEqual([]);
  }, 120_000);

  it("keeps no stale allow-list entry", () => {
    const ours = new Set([...exportedNames(repoRoot, "@latchkey/js"), ...exportedNames(repoRoot, "@latchkey/next")]);
    expect(Object.keys(allowList).filter((name) => ours.has(name) || ![...stackJs, ...stackNext].includes(name))).toEqual([]);
  }, 120_000);
});
