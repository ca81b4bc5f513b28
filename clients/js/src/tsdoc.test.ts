import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { checkExamples, exampleCode, packageOptions, publicMembers, srcDir, type ExampleFailure, type PublicMember } from "./test-support/tsdoc.js";

// Issue 23, item 6: every public method of the SDK carries TSDoc with a summary and an example, and every
// example compiles (strict mode, the package's own options) against the real types.
describe("the SDK's TSDoc", () => {
  const options = packageOptions();
  const program = ts.createProgram({ rootNames: [`${srcDir}/index.ts`], options });
  const all = publicMembers(program);
  const members = all.filter((m) => m.kind === "method");
  const listed = (list: readonly PublicMember[]) => list.map((m) => `${m.name} (${m.location})`).join("\n");
  // A broken example checked with the others: proves a type error fails the check and names the method.
  const canary: PublicMember = { kind: "method", name: "StackClientApp.canary", location: "src/canary.ts:1", summary: "x", side: "client", examples: ["await app.signInWithCredentials({ email, password });"] };
  let failures: ExampleFailure[] = [];
  beforeAll(() => {
    failures = checkExamples([...all, canary], options, program);
  }, 180_000);

  it("reaches the apps and the objects they hand out", () => {
    const names = new Set(members.map((m) => m.name));
    const locations = new Set(members.map((m) => m.location.split(":")[0]));
    for (const file of ["user.ts", "server-user.ts", "team.ts", "contact-channel.ts", "session.ts", "api-key.ts", "permissions.ts", "item.ts", "data-vault.ts", "admin-project.ts", "internal-api-key.ts", "oauth-provider.ts", "user-auth-extras.ts", "notification-category.ts"]) {
      expect(locations, file).toContain(`src/apps/objects/${file}`);
    }
    for (const name of ["StackClientApp.signInWithCredential", "StackServerApp.createUser", "StackAdminApp.getProject", "StackClientApp.getUser().update", "StackServerApp.getDataVaultStore().setValue"]) expect(names).toContain(name);
    expect(members.some((m) => m.name.startsWith("StackClientApp._") || m.name.endsWith(".changed"))).toBe(false);
  });

  it("gives every public method a summary and an example", () => {
    expect(listed(members.filter((m) => m.summary === "")), "methods without a TSDoc summary").toBe("");
    expect(listed(members.filter((m) => m.examples.length === 0)), "methods without an @example").toBe("");
  });

  it("type-checks every example against the SDK's types", () => {
    const report = failures.filter((f) => f.member !== canary).map((f) => `${f.member.name} (${f.member.location}):\n  ${f.code.replaceAll("\n", "\n  ")}\n  -> ${f.errors.join("\n  -> ")}`);
    expect(report.join("\n\n")).toBe("");
  });

  it("fails an example that does not compile, naming the method", () => {
    const failure = failures.find((f) => f.member === canary);
    expect(failure?.member.name).toBe("StackClientApp.canary");
    expect(failure?.errors.join()).toMatch(/signInWithCredentials/);
  });

  it("reads fenced and inline examples", () => {
    expect(exampleCode("```ts\nconst a = 1;\n```")).toEqual(["const a = 1;"]);
    expect(exampleCode("`await user.delete();`")).toEqual(["await user.delete();"]);
  });
});
