// The documentation check of the SDK's public surface (STYLE.md, habit 8): every public method carries TSDoc
// with a one-line summary and an `@example`, and every example compiles against the real types.
//
// The surface is found the way a reader finds it: from the exports of src/index.ts (the app classes, the
// error classes and `KnownErrors`), following what each method answers (promises, arrays, unions, results)
// and each field into the objects the SDK hands out (users, teams, keys, items, ...). Inputs (option types)
// are not walked. Private, protected, `_`-prefixed and `@internal` members are not public.
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const srcDir = dirname(dirname(fileURLToPath(import.meta.url)));
const packageDir = dirname(srcDir);
const indexFile = join(srcDir, "index.ts");

/** Which prelude an example compiles with: the client's objects, or the server's (server and admin apps). */
export type Side = "client" | "server";

export interface PublicMember {
  /** A method (which must carry a summary and an example), or an exported class, type or value (whose examples are checked when it has some). */
  kind: "method" | "export";
  /** How a reader reaches it, e.g. `StackServerApp.getUser().update`. */
  name: string;
  /** `file:line` of its declaration, relative to the package. */
  location: string;
  summary: string;
  examples: string[];
  side: Side;
}

/** The compiler options of the package (its tsconfig.json). */
export function packageOptions(): ts.CompilerOptions {
  const configFile = join(packageDir, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); } });
  if (!parsed) throw new Error(`Cannot read ${configFile}`);
  return { ...parsed.options, noEmit: true };
}

const isPublicSource = (file: string) => file.startsWith(srcDir) && !file.includes("/test-support/") && !/\.test\.tsx?$/.test(file);

function isPublicDeclaration(declaration: ts.Declaration, name: string): boolean {
  if (!isPublicSource(declaration.getSourceFile().fileName)) return false;
  if (name.startsWith("_") || name.startsWith("#") || name === "prototype") return false;
  if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return false;
  return !ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "internal");
}

/** The declaration's own TSDoc: its summary and the code of each `@example` (fenced or inline). */
function ownDocs(declarations: readonly ts.Declaration[]): { summary: string; examples: string[] } {
  const summary: string[] = [];
  const examples: string[] = [];
  for (const declaration of declarations) {
    for (const doc of ts.getJSDocCommentsAndTags(declaration)) {
      if (!ts.isJSDoc(doc)) continue;
      const text = ts.getTextOfJSDocComment(doc.comment)?.trim();
      if (text) summary.push(text);
      for (const tag of doc.tags ?? []) if (tag.tagName.text === "example") examples.push(...exampleCode(ts.getTextOfJSDocComment(tag.comment) ?? ""));
    }
  }
  return { summary: summary.join("\n"), examples };
}

/** The code blocks of an `@example`: each fenced block, or else the inline code spans. */
export function exampleCode(text: string): string[] {
  const fenced = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
  if (fenced.length > 0) return fenced;
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());
}

/** Every public method (and function-valued field) reachable from the package's exports. */
export function publicMembers(program: ts.Program): PublicMember[] {
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(indexFile);
  const moduleSymbol = index && checker.getSymbolAtLocation(index);
  if (!moduleSymbol) throw new Error(`Cannot read the exports of ${indexFile}`);
  const members = new Map<ts.Declaration, PublicMember>();
  const seen = new Set<ts.Type>();

  const walk = (type: ts.Type, label: string, side: Side): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) {
      for (const part of type.types) walk(part, label, side);
      return;
    }
    if (!(type.flags & ts.TypeFlags.Object)) return;
    if ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) for (const argument of checker.getTypeArguments(type as ts.TypeReference)) walk(argument, label, side);
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      // Keys of a mapped type (`KnownErrors.UserNotFound`) have no declaration of their own: walk into them.
      if (!declaration) walk(checker.getTypeOfSymbol(property), `${label}.${property.name}`, side);
      if (!declaration || !isPublicDeclaration(declaration, property.name)) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      const signatures = propertyType.getCallSignatures();
      const name = `${label}.${property.name}`;
      if (signatures.length === 0) {
        walk(propertyType, name, side);
        continue;
      }
      if (!members.has(declaration)) {
        members.set(declaration, { kind: "method", name, location: locationOf(declaration), ...ownDocs(property.declarations ?? []), side });
      }
      for (const signature of signatures) walk(signature.getReturnType(), `${name}()`, side);
    }
  };

  // The client app first: what a browser reaches compiles with the client prelude.
  const roots = checker.getExportsOfModule(moduleSymbol).sort((a, b) => rank(a.name) - rank(b.name));
  for (const exported of roots) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const side: Side = exported.name === "StackClientApp" ? "client" : "server";
    const docs = ownDocs(symbol.declarations ?? []);
    const first = symbol.declarations?.[0];
    if (first && docs.examples.length > 0 && !members.has(first)) members.set(first, { kind: "export", name: exported.name, location: locationOf(first), ...docs, side });
    const declaration = symbol.valueDeclaration;
    if (!declaration) continue;
    if (symbol.flags & ts.SymbolFlags.Class) walk(checker.getDeclaredTypeOfSymbol(symbol), exported.name, side);
    walk(checker.getTypeOfSymbolAtLocation(symbol, declaration), exported.name, side);
  }
  return [...members.values()];
}

function locationOf(declaration: ts.Declaration): string {
  const { line } = ts.getLineAndCharacterOfPosition(declaration.getSourceFile(), declaration.getStart());
  return `${relative(packageDir, declaration.getSourceFile().fileName)}:${line + 1}`;
}

function rank(name: string): number {
  const order = ["StackClientApp", "StackServerApp", "StackAdminApp"];
  const at = order.indexOf(name);
  return at === -1 ? order.length : at;
}

/**
 * The declarations every example may use: the app, its objects and a few values, typed per side, so an
 * example reads like code in an app (`const team = await user.createTeam(...)`) and still compiles.
 */
export function prelude(side: Side): string {
  const server = side === "server";
  return [
    `import { LatchkeyAdminApp, LatchkeyClientApp, LatchkeyServerApp, StackAdminApp, StackClientApp, StackServerApp, KnownError, KnownErrors, isCurrentInternalUser } from "./index.js";`,
    `import type { ApiKey, ContactChannel, CurrentUser, DataVaultStore, Item, NotificationCategory, ServerItem, ServerOAuthProvider, ServerTeam, ServerUser, Team, TeamInvitation } from "./index.js";`,
    `import type { OAuthConnection, OAuthProvider } from "./apps/objects/user-auth-extras.js";`,
    `import type { EditableTeamMemberProfile } from "./apps/objects/user.js";`,
    `import type { createAdminProject } from "./apps/objects/admin-project.js";`,
    `import type { createInternalApiKey } from "./apps/objects/internal-api-key.js";`,
    `export {};`,
    `declare const app: ${server ? "StackServerApp" : "StackClientApp"};`,
    `declare const admin: StackAdminApp;`,
    `declare const user: ${server ? "ServerUser" : "CurrentUser"};`,
    `declare const team: ${server ? "ServerTeam" : "Team"};`,
    `declare const otherTeam: ${server ? "ServerTeam" : "Team"};`,
    `declare const credits: ${server ? "ServerItem" : "Item"};`,
    `declare const channel: ContactChannel;`,
    `declare const key: ApiKey;`,
    `declare const invitation: TeamInvitation;`,
    `declare const profile: EditableTeamMemberProfile;`,
    `declare const provider: ${server ? "ServerOAuthProvider" : "OAuthProvider"};`,
    `declare const connection: OAuthConnection;`,
    `declare const marketing: NotificationCategory;`,
    `declare const store: DataVaultStore;`,
    `declare const project: ReturnType<typeof createAdminProject>;`,
    `declare const keySet: ReturnType<typeof createInternalApiKey>;`,
    `declare const email: string, password: string, oldPassword: string, newPassword: string, code: string, attemptCode: string, totp: string;`,
    `declare const userId: string, teamId: string, sessionId: string, linkId: string, threadId: string, apiKey: string;`,
    `declare const templateId: string, themeId: string, draftId: string, tsxSource: string, callbackUrl: string;`,
    `declare const request: Request;`,
    `declare const baseUrl: string, projectId: string, publishableClientKey: string, secretServerKey: string, superSecretAdminKey: string;`,
    `declare function showError(message: string): void;`,
    `declare function saveRefreshToken(refreshToken: string): void;`,
  ].join("\n");
}

/** An example as a module of its own: the prelude, then the example's code inside an async function. */
export function exampleModule(side: Side, code: string): string {
  return `${prelude(side)}\nexport async function example(): Promise<void> {\n${code}\n}\n`;
}

export interface ExampleFailure {
  member: PublicMember;
  code: string;
  errors: string[];
}

/**
 * Type-checks every example of `members` in one program (the package's sources plus one in-memory module
 * per example, next to src/index.ts so its imports resolve).
 */
export function checkExamples(members: readonly PublicMember[], options: ts.CompilerOptions, oldProgram?: ts.Program): ExampleFailure[] {
  const files = new Map<string, { member: PublicMember; code: string }>();
  for (const member of members) {
    for (const code of member.examples) files.set(join(srcDir, `__tsdoc_example_${files.size}__.ts`), { member, code });
  }
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const example = files.get(fileName);
    return example ? ts.createSourceFile(fileName, exampleModule(example.member.side, example.code), languageVersion, true) : read(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [indexFile, ...files.keys()], options, host, ...(oldProgram && { oldProgram }) });
  const failures: ExampleFailure[] = [];
  for (const [fileName, example] of files) {
    const sourceFile = program.getSourceFile(fileName)!;
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    if (diagnostics.length > 0) failures.push({ ...example, errors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")) });
  }
  return failures;
}
