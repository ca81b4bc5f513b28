/**
 * Stack's public surface, checked mechanically: the TypeScript compiler reads @stackframe/js 2.8.39's
 * declarations and walks every public member of its three apps and of the objects they answer (users,
 * server users, teams, contact channels, sessions, API keys, permissions, items, customers, data vault
 * stores, e-mails, projects, admin projects ...: whatever a method returns or a property holds, to a few
 * levels), and looks for the same member on the same path of @latchkey/js's types. Any member we lack
 * fails the test, apart from the allow-list below, each entry with its reason.
 */
import ts from "typescript";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** Members of Stack's surface we deliberately do not have: `<Stack type>.<member>` -> why. */
const allowList: Record<string, string> = {
  "AdminTeamPermissionDefinition.isDefaultUserPermission":
    "optional in Stack's type and never set by Stack's own SDK (no wire field carries it); the default permissions are the project config's userDefaultPermissions / teamMemberDefaultPermissions",
};

const rootsFile = fileURLToPath(new URL("support/surface-roots.ts", import.meta.url));
const maxDepth = 4;

interface Walk {
  checker: ts.TypeChecker;
  missing: Map<string, string>;
  visited: Set<string>;
}

/** The object types a member leads to: what its methods resolve to, or its value; unwrapped from promises, arrays, unions. */
function objectsOf(checker: ts.TypeChecker, type: ts.Type): ts.Type[] {
  const signatures = type.getCallSignatures();
  const results = signatures.length > 0 ? signatures.map((s) => s.getReturnType()) : [type];
  const out: ts.Type[] = [];
  const visit = (t: ts.Type, depth: number) => {
    if (depth > 4) return;
    const awaited = checker.getAwaitedType(t) ?? t;
    if (awaited.isUnion()) return awaited.types.forEach((member) => visit(member, depth + 1));
    if (checker.isArrayType(awaited) || checker.isTupleType(awaited)) return checker.getTypeArguments(awaited as ts.TypeReference).forEach((member) => visit(member, depth + 1));
    if (awaited.getCallSignatures().length > 0 || !(awaited.flags & ts.TypeFlags.Object || awaited.isIntersection())) return;
    out.push(awaited);
  };
  results.forEach((r) => visit(r, 0));
  return out;
}

/** A type's name as Stack declares it (its alias, else its symbol), or null for anonymous and library types. */
function stackName(type: ts.Type): string | null {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? "";
  if (!symbol || !file.includes("@stackframe")) return null;
  return symbol.name === "__type" || symbol.name === "__object" ? null : symbol.name;
}

const publicMember = (symbol: ts.Symbol) => !symbol.name.startsWith("_") && !symbol.name.startsWith("__@") && symbol.valueDeclaration?.kind !== ts.SyntaxKind.PrivateIdentifier;

function compare(walk: Walk, stack: ts.Type, ours: ts.Type, owner: string, depth: number) {
  const { checker } = walk;
  for (const member of checker.getPropertiesOfType(stack).filter(publicMember)) {
    const key = `${owner}.${member.name}`;
    const our = checker.getPropertyOfType(ours, member.name);
    if (!our) {
      walk.missing.set(key, owner);
      continue;
    }
    if (depth >= maxDepth) continue;
    const stackObjects = objectsOf(checker, checker.getNonNullableType(checker.getTypeOfSymbol(member)));
    const ourObjects = objectsOf(checker, checker.getNonNullableType(checker.getTypeOfSymbol(our)));
    if (ourObjects.length === 0) continue;
    for (const object of stackObjects) {
      const name = stackName(object);
      if (name === null || walk.visited.has(name)) continue;
      walk.visited.add(name);
      // Ours: the first object type the same member leads to (a method's resolved value).
      compare(walk, object, ourObjects[0]!, name, depth + 1);
    }
  }
}

describe("Stack's public surface (@stackframe/js 2.8.39) against @latchkey/js", () => {
  it("every public member of the apps and their objects exists in ours, apart from the allow-list", () => {
    const program = ts.createProgram([rootsFile], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.esnext.disposable.d.ts"], types: [] });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(rootsFile)!;
    const roots = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation((source.statements.find(ts.isInterfaceDeclaration))!.name)!);
    const side = (name: string) => checker.getTypeOfSymbol(checker.getPropertyOfType(roots, name)!);
    const walk: Walk = { checker, missing: new Map(), visited: new Set() };
    let members = 0;
    for (const app of ["StackClientApp", "StackServerApp", "StackAdminApp"]) {
      const stack = checker.getTypeOfSymbol(checker.getPropertyOfType(side("stack"), app)!);
      const ours = checker.getTypeOfSymbol(checker.getPropertyOfType(side("latchkey"), app)!);
      members += checker.getPropertiesOfType(stack).length;
      walk.visited.add(app);
      compare(walk, stack, ours, app, 0);
    }
    expect(members).toBeGreaterThan(100); // the walk really read Stack's declarations
    expect([...walk.visited]).toEqual(expect.arrayContaining(["CurrentUser", "ServerUser", "Team", "ServerTeam", "ContactChannel", "AdminProject"]));
    const missing = [...walk.missing.keys()].filter((key) => !(key in allowList)).sort();
    expect(missing).toEqual([]);
    // An allow-list entry that is no longer missing is stale.
    expect(Object.keys(allowList).filter((key) => !walk.missing.has(key))).toEqual([]);
  }, 120_000);
});
