/**
 * Client ID metadata documents (issue 40; the registration the MCP authorization specification
 * recommends): a client_id that is an https URL is fetched from a real HTTPS server (a certificate made
 * for the test and trusted by this process's agent) when the project allows it, checked, and kept as a
 * public client; refused when the project does not allow it, when the document does not name itself,
 * asks for a shared secret or is too large, and when the host is a private address the server may not reach.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, globalAgent, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { base, pkce, redirectUri } from "./flow.js";

let server: Server;
let origin: string;
const documents = new Map<string, string>();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "cimd-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  const cert = readFileSync(join(dir, "cert.pem"));
  globalAgent.options.ca = [cert];
  server = createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
    const body = documents.get(req.url ?? "");
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
    res.end(body ?? "{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://localhost:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function publish(path: string, document: Record<string, unknown>, at = origin): string {
  const clientId = `${at}${path}`;
  documents.set(path, JSON.stringify({ client_id: clientId, client_name: "Agent Smith", redirect_uris: [redirectUri], token_endpoint_auth_method: "none", ...document }));
  return clientId;
}

async function authorize(lk: TestInstance, project: ProjectCredentials, clientId: string) {
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid", state: "s", code_challenge: pkce().challenge, code_challenge_method: "S256" });
  const res = await lk.app.request(`${base(project)}/oauth2/authorize?${query}`);
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

const enable = (lk: TestInstance, project: ProjectCredentials) =>
  lk.call("PATCH", "/internal/identity-provider/settings", { access: "admin", project, body: { client_id_metadata_documents_enabled: true } });

describe.each(testDialects)("client ID metadata documents on %s", (dialect) => {
  it("fetches, checks and keeps a document's client when the project allows it", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: true });
    const project = await lk.createProject();
    const clientId = publish("/agents/smith.json", {});
    const off = await authorize(lk, project, clientId);
    expect([off.status, off.text]).toEqual([400, expect.stringContaining("not registered")]);

    expect((await enable(lk, project)).status).toBe(200);
    const discovery = await (await lk.app.request(`${base(project)}/.well-known/oauth-authorization-server`)).json();
    expect(discovery.client_id_metadata_document_supported).toBe(true);
    const on = await authorize(lk, project, clientId);
    expect(on.status, on.text).toBe(302);
    expect(on.location).toMatch(/^\/handler\/oauth2\/consent\?/);
    const listed = await lk.call("GET", "/internal/oauth-clients", { access: "admin", project });
    expect(listed.body.items).toEqual([expect.objectContaining({ client_id: clientId, name: "Agent Smith", type: "public", registered_by: "metadata_document", redirect_uris: [redirectUri] })]);
  });

  it("refuses documents that do not name themselves, want a secret, are too large, or sit at an address the server may not reach", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: true });
    const project = await lk.createProject();
    await enable(lk, project);
    const cases: [string, string][] = [
      [publish("/wrong-id.json", { client_id: `${origin}/someone-else.json` }), "client_id is not its own URL"],
      [publish("/secret.json", { token_endpoint_auth_method: "client_secret_basic" }), "token_endpoint_auth_method must be none"],
      [publish("/large.json", { client_name: "x".repeat(6000) }), "could not be read"],
      [publish("/bad-redirect.json", { redirect_uris: ["http://evil.example/cb"] }), "localhost only"],
      [`${origin}/missing.json`, "answered 404"],
      [`${origin}/`, "must have a path"],
    ];
    for (const [clientId, reason] of cases) {
      const res = await authorize(lk, project, clientId);
      expect([res.status, res.location], clientId).toEqual([400, null]);
      expect(res.text, clientId).toContain(reason);
    }

    await using guarded = await createTestInstance(dialect, { allowPrivateOutbound: false });
    const other = await guarded.createProject();
    await enable(guarded, other);
    // The address itself, so that no kept-alive connection of the allowed instance above is reused.
    const loopback = await authorize(guarded, other, publish("/fine.json", {}, origin.replace("localhost", "127.0.0.1")));
    expect([loopback.status, loopback.text]).toEqual([400, expect.stringContaining("could not be read")]);
  });
});
