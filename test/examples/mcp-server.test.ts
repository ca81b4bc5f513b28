/**
 * Issue 40's MCP acceptance line: examples/mcp-server, started as its README says against a real server,
 * and an MCP client from the official TypeScript SDK that knows nothing but the server's URL. The client
 * meets the 401, reads the protected-resource metadata (RFC 9728), discovers the project's authorization
 * server, registers itself (RFC 7591), sends the user through sign-in and consent in Chromium (code flow
 * with PKCE, resource indicator), and calls the tools with its token. A token the same client got for
 * another resource, and the project's own session token, are refused.
 */
import { createServer, type Server } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { decodeJwt, decodeProtectedHeader } from "jose";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, screenshot } from "../support/chromium.js";
import { testDialects } from "../support/databases.js";
import { startInProcessServer } from "../support/in-process-server.js";
import { pkcePair } from "../support/oauth-browser.js";
import { freePort } from "../support/server-process.js";
import { startExample } from "./run-example.js";

const PASSWORD = "Quietly-Orbiting-Walrus-4817";

/** The MCP client's OAuth side, kept in memory; the authorization URL is handed to the test's browser. */
class MemoryProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | null = null;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "Example MCP agent", redirect_uris: [this.redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", scope: "openid profile" };
  }
  clientInformation() { return this.information; }
  saveClientInformation(information: OAuthClientInformationMixed) { this.information = information; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  redirectToAuthorization(url: URL) { this.authorizationUrl = url; }
  saveCodeVerifier(verifier: string) { this.verifier = verifier; }
  codeVerifier() { return this.verifier; }
}

/** A loopback page the authorization server redirects back to (what a desktop agent listens on). */
async function startCallback(): Promise<Server & { url: string }> {
  const port = await freePort();
  const server = createServer((_, response) => response.writeHead(200, { "content-type": "text/plain" }).end("You can close this window."));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://localhost:${port}/callback` });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(testDialects)("examples/mcp-server with the MCP SDK's client on %s", (dialect) => {
  it("discovers, registers, signs the user in through the browser and calls a tool; a token for another resource is refused", { timeout: 240_000 }, async () => {
    await using server = await startInProcessServer(dialect, { frontend: "hosted" });
    const project = await server.createProject();
    const settings = await server.lk.call("PATCH", "/internal/identity-provider/settings", { access: "admin", project, body: { dynamic_registration_enabled: true } });
    expect(settings.status, settings.text).toBe(200);
    const user = await server.lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: PASSWORD } });
    expect(user.status, user.text).toBe(201);

    const mcpPort = await freePort();
    const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
    await using mcp = startExample("mcp-server", { PORT: String(mcpPort), LATCHKEY_URL: server.url, LATCHKEY_PROJECT_ID: project.id });
    await mcp.waitFor(/MCP server listening/);
    const callback = await startCallback();
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    try {
      // First contact: 401, discovery, registration, and the authorization URL for the user's browser.
      const provider = new MemoryProvider(callback.url);
      const client = new Client({ name: "example-agent", version: "1.0.0" });
      const error = await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider })).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(provider.information?.client_id).toBeTruthy();
      const authorizationUrl = provider.authorizationUrl!;
      expect(authorizationUrl.href.startsWith(`${server.url}/api/v1/projects/${project.id}/oauth2/authorize?`)).toBe(true);
      expect(authorizationUrl.searchParams.get("resource")).toBe(mcpUrl);
      expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

      // The user signs in on the project's hosted page and allows the agent on the consent page.
      await page.goto(authorizationUrl.href);
      await page.getByLabel("E-mail").fill("ada@example.com");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { name: /Allow Example MCP agent/ }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL((url) => url.href.startsWith(callback.url));
      const code = new URL(page.url()).searchParams.get("code")!;
      expect(code).toBeTruthy();

      const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
      await transport.finishAuth(code);
      const accessToken = provider.saved!.access_token;
      expect(decodeProtectedHeader(accessToken).typ).toBe("at+jwt");
      expect(decodeJwt(accessToken)).toMatchObject({ aud: mcpUrl, sub: user.body.id, client_id: provider.information!.client_id });

      await client.connect(transport);
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(["add_note", "whoami"]);
      const whoami = await client.callTool({ name: "whoami", arguments: {} });
      expect(JSON.parse((whoami.content as { text: string }[])[0]!.text)).toMatchObject({ userId: user.body.id, clientId: provider.information!.client_id });
      const noted = await client.callTool({ name: "add_note", arguments: { text: "buy milk" } });
      expect(JSON.parse((noted.content as { text: string }[])[0]!.text)).toEqual({ notes: ["buy milk"] });
      await client.close();

      // The same client, the same user (consent remembered), a token for another resource: refused here.
      const other = pkcePair();
      const otherUrl = new URL(authorizationUrl);
      otherUrl.searchParams.set("resource", "http://127.0.0.1:1/other-mcp");
      otherUrl.searchParams.set("code_challenge", other.challenge);
      await page.goto(otherUrl.href);
      await page.waitForURL((url) => url.href.startsWith(callback.url));
      const exchanged = await fetch(`${server.url}/api/v1/projects/${project.id}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code: new URL(page.url()).searchParams.get("code")!, redirect_uri: callback.url, client_id: provider.information!.client_id, code_verifier: other.verifier, resource: "http://127.0.0.1:1/other-mcp" }).toString(),
      });
      expect(exchanged.status).toBe(200);
      const foreign = ((await exchanged.json()) as { access_token: string }).access_token;
      expect(decodeJwt(foreign).aud).toBe("http://127.0.0.1:1/other-mcp");
      const ping = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
      const refused = await fetch(mcpUrl, { method: "POST", headers: { authorization: `Bearer ${foreign}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(ping) });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe(`Bearer error="invalid_token", error_description="the access token is not for this resource", resource_metadata="http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource/mcp"`);

      // The project's own session token (the hosted pages' sign-in) is not an OAuth token for this resource either.
      const session = await server.lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: PASSWORD } });
      const withSession = await fetch(mcpUrl, { method: "POST", headers: { authorization: `Bearer ${session.body.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(ping) });
      expect(withSession.status).toBe(401);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, "examples", "mcp-server-failure");
      throw new Error(`${String(error)}\nMCP server output:\n${mcp.output()}`, { cause: error });
    } finally {
      callback.close();
      await context.close();
    }
  });
});
