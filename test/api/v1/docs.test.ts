/**
 * The API reference at /api/v1/docs: an index of every route grouped by resource, under 200 KB, with a
 * search answered by the server; each resource's page in full with curl, fetch and SDK samples and
 * examples; self-contained (no script, no CDN). The SDK samples' table is checked against the contract and
 * the SDK's public types, so it cannot name a method or a procedure that does not exist.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { packageOptions, srcDir } from "../../../clients/js/src/test-support/tsdoc.js";
import { contract } from "../../../contract/index.js";
import { sdkSamples } from "../../../server/http/api-docs-sdk-samples.js";
import { createTestInstance } from "../../support/instance.js";

type Document = { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
const document = JSON.parse(readFileSync("openapi.json", "utf8")) as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((method) => ({ path, method, id: item[method]!.operationId, tag: item[method]!.tags[0]! })),
);

describe("GET /api/v1/docs", () => {
  it("opens on an index of every route, grouped by resource, under 200 KB, loading nothing from elsewhere", async () => {
    await using lk = await createTestInstance("sqlite");
    const response = await lk.app.request("/api/v1/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/);
    const page = await response.text();
    expect(Buffer.byteLength(page)).toBeLessThan(200_000);
    for (const op of operations) {
      expect(page).toContain(`href="?tag=${encodeURIComponent(op.tag)}#${op.id}"`);
      expect(page).toContain(`<span class="path">${op.path}</span>`);
    }
    expect(page).toContain(`${operations.length} routes in ${new Set(operations.map((o) => o.tag)).size} resources`);
    expect(page).toContain('<form method="get" role="search">');
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)[a-z]/i);
  });

  it("holds each resource's routes in full on its own page, with samples, examples and errors", async () => {
    await using lk = await createTestInstance("sqlite");
    const seen = new Set<string>();
    for (const tag of new Set(operations.map((o) => o.tag))) {
      const page = await (await lk.app.request(`/api/v1/docs?tag=${encodeURIComponent(tag)}`)).text();
      for (const op of operations.filter((o) => o.tag === tag)) if (page.includes(`id="${op.id}"`)) seen.add(op.id);
      expect(page).not.toMatch(/<script|<link|src=/i);
    }
    expect(operations.filter((op) => !seen.has(op.id))).toEqual([]);

    const password = await (await lk.app.request("/api/v1/docs?tag=Password")).text();
    const signIn = password.slice(password.indexOf('id="passwordSignIn"'), password.indexOf("</section>", password.indexOf('id="passwordSignIn"')));
    expect(signIn).toContain("<code>password</code> <span class=\"req\">required</span>");
    expect(signIn).toContain("<code>EMAIL_PASSWORD_MISMATCH</code>");
    expect(signIn).toContain("curl -X POST &quot;$LATCHKEY_URL/api/v1/auth/password/sign-in&quot;");
    expect(signIn).toContain("-H &quot;x-stack-project-id: $LATCHKEY_PROJECT_ID&quot;");
    expect(signIn).toMatch(/-d &#39;\{&quot;email&quot;:&quot;[^&]+&quot;,&quot;password&quot;:/);
    expect(signIn).toContain("await fetch(`${process.env.LATCHKEY_URL}/api/v1/auth/password/sign-in`");
    expect(signIn).toContain("<summary>Example answer</summary>");

    const users = await (await lk.app.request("/api/v1/docs?tag=Users")).text();
    const update = users.slice(users.indexOf('id="updateUser"'), users.indexOf("</section>", users.indexOf('id="updateUser"')));
    expect(update).toContain("curl -X PATCH &quot;$LATCHKEY_URL/api/v1/users/&lt;user_id&gt;&quot;");
    expect(update).toContain("-H &#39;x-stack-access-type: server&#39;");
    expect(update).toContain("x-stack-secret-server-key: $LATCHKEY_SECRET_SERVER_KEY");
  });

  it("searches the routes on the server, by words of their resource, path, id or summary", async () => {
    await using lk = await createTestInstance("sqlite");
    const page = await (await lk.app.request("/api/v1/docs?q=password+sign")).text();
    const expected = operations.filter((o) => ["password", "sign"].every((w) => `${o.tag} ${o.id} ${o.method} ${o.path}`.toLowerCase().includes(w)));
    expect(expected.length).toBeGreaterThan(0);
    for (const op of expected) expect(page).toContain(`#${op.id}"`);
    expect(page).not.toContain('#listUsers"');
    expect(page).toMatch(/\d+ of \d+ routes match “password sign”/);
    expect(page).toContain('value="password sign"');
    const hostile = await (await lk.app.request(`/api/v1/docs?q=${encodeURIComponent('"><script>x</script>')}`)).text();
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("0 of ");
  });

  it("shows one access level's document on request", async () => {
    await using lk = await createTestInstance("sqlite");
    const index = await (await lk.app.request("/api/v1/docs?level=client")).text();
    expect(index).toContain('#passwordSignIn"');
    expect(index).not.toContain('#createInternalApiKey"');
    expect(index).toContain('<a href="openapi.client.json">');
    expect(index).toContain('<input type="hidden" name="level" value="client">');
    const page = await (await lk.app.request("/api/v1/docs?level=client&tag=Password")).text();
    expect(page).toContain('id="passwordSignIn"');
  });
});

/** The public methods of each class or type `@latchkey/js` exports, read from its declarations by the compiler. */
function sdkMethods(): Map<string, Set<string>> {
  const program = ts.createProgram([`${srcDir}/index.ts`], packageOptions());
  const checker = program.getTypeChecker();
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(`${srcDir}/index.ts`)!)!);
  const surfaces = new Map<string, Set<string>>();
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
    const methods = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .filter((p) => !p.name.startsWith("_") && !(p.declarations ?? []).some((d) => ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)))
      .filter((p) => checker.getTypeOfSymbol(p).getCallSignatures().length > 0)
      .map((p) => p.name);
    surfaces.set(exported.name, new Set(methods));
  }
  return surfaces;
}

describe("the API reference's SDK samples", () => {
  it("name real procedures, and only methods the SDK's exported classes and types have, each called in the sample", () => {
    const surfaces = sdkMethods();
    expect(surfaces.get("StackServerApp")?.has("listUsers")).toBe(true); // the compiler really read the SDK
    expect(surfaces.get("StackClientApp")?.has("codeCall")).toBe(false); // private members are not public surface
    const problems: string[] = [];
    for (const [procedure, sample] of Object.entries(sdkSamples)) {
      if (!(procedure in contract)) problems.push(`${procedure}: no such procedure`);
      expect(sample.calls.length, procedure).toBeGreaterThan(0);
      for (const call of sample.calls) {
        const [surface, method] = call.split(".") as [string, string | undefined];
        if (!surfaces.has(surface)) problems.push(`${procedure}: @latchkey/js exports no ${surface}`);
        else if (!method || !surfaces.get(surface)!.has(method)) problems.push(`${procedure}: ${surface} has no public method ${method}`);
        if (method && !sample.code.includes(`.${method}(`)) problems.push(`${procedure}: the sample does not call ${method}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("cover the common resources, and each resource page shows them, or says the SDK has no method", async () => {
    const common = [
      "getCurrentUser", "updateCurrentUser", "listUsers", "createUser", "updateUser", "passwordSignIn", "passwordSignUp", "listTeams", "createTeam",
      "createTeamMembership", "listTeamMemberProfiles", "grantTeamPermission", "listProjectPermissions", "createUserApiKey", "createTeamApiKey",
      "createContactChannel", "listSessions", "signOut", "sendEmail", "getItem", "updateItemQuantity", "createPurchaseUrl", "setDataVaultValue",
      "getDataVaultValue", "listOAuthProviders", "createOAuthProvider",
    ];
    expect(common.filter((name) => !(name in sdkSamples))).toEqual([]);

    await using lk = await createTestInstance("sqlite");
    const users = await (await lk.app.request("/api/v1/docs?tag=Users")).text();
    expect(users).toContain("<summary>How the SDK samples make clientApp, serverApp and adminApp</summary>");
    const update = users.slice(users.indexOf('id="updateCurrentUser"'), users.indexOf("</section>", users.indexOf('id="updateCurrentUser"')));
    expect(update).toContain('<details open><summary>JavaScript SDK (@latchkey/js, @stackframe/js)</summary><pre><code>const user = await clientApp.getUser({ or: &quot;throw&quot; });\nawait user.update(');
    expect(update).toContain("<summary>JavaScript (fetch)</summary>");

    const misc = await (await lk.app.request("/api/v1/docs?tag=Misc")).text();
    const health = misc.slice(misc.indexOf('id="health"'), misc.indexOf("</section>", misc.indexOf('id="health"')));
    expect(health).toContain("<summary>JavaScript (fetch; the SDK has no method for this route)</summary>");
    expect(health).not.toContain("JavaScript SDK");
    expect(misc).not.toContain("How the SDK samples make");

    // Every route of every resource page has exactly one of the two.
    for (const tag of new Set(operations.map((o) => o.tag))) {
      const page = await (await lk.app.request(`/api/v1/docs?tag=${encodeURIComponent(tag)}`)).text();
      for (const op of operations.filter((o) => o.tag === tag)) {
        const section = page.slice(page.indexOf(`id="${op.id}"`), page.indexOf("</section>", page.indexOf(`id="${op.id}"`)));
        expect(section.includes("JavaScript SDK (@latchkey/js"), op.id).toBe(op.id in sdkSamples);
        expect(section.includes("the SDK has no method for this route"), op.id).toBe(!(op.id in sdkSamples));
      }
      expect(Buffer.byteLength(page), tag).toBeLessThan(200_000);
    }
  });
});
