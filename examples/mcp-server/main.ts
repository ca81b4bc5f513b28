/**
 * An MCP server (Streamable HTTP at /mcp) protected by a Latchkey project's OAuth authorization server,
 * with `@latchkey/js/resource-server`. See README.md.
 *
 *   GET  /.well-known/oauth-protected-resource/mcp   the protected-resource metadata (RFC 9728)
 *   POST /mcp                                       MCP, with `Authorization: Bearer <access token for this resource>`
 */
import { serve, type ServerType } from "@hono/node-server";
import { createResourceServer, type VerifiedAccessToken } from "@latchkey/js/resource-server";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { pathToFileURL } from "node:url";
import { buildMcpServer, type Notes } from "./tools.js";

export interface McpConfig {
  /** Where clients reach this server, e.g. https://mcp.example.com (the resource is `<publicUrl>/mcp`). */
  publicUrl: string;
  /** The Latchkey server, as this server reaches it. */
  latchkeyUrl: string;
  /** The Latchkey server's public URL, when it differs (see examples/node-api-jwks). */
  latchkeyPublicUrl?: string;
  projectId: string;
  /** Scopes every MCP request needs (they must be scopes the project defines). */
  requiredScopes: string[];
  /** The scope `add_note` needs, or null. */
  writeScope: string | null;
  /** The project's secret server key: when set, every token is checked by introspection (revocations apply at once). */
  secretServerKey?: string;
}

/** What the MCP SDK hands the tools (`extra.authInfo`). */
const authInfoOf = (token: VerifiedAccessToken): AuthInfo => ({
  token: token.token,
  clientId: token.clientId,
  scopes: token.scopes,
  expiresAt: token.expiresAt,
  resource: new URL(token.resource),
  extra: { userId: token.userId },
});

export function createMcpApp(config: McpConfig): Hono {
  const resource = createResourceServer({
    resource: `${config.publicUrl.replace(/\/+$/, "")}/mcp`,
    projectId: config.projectId,
    latchkeyUrl: config.latchkeyUrl,
    latchkeyPublicUrl: config.latchkeyPublicUrl,
    requiredScopes: config.requiredScopes,
    scopesSupported: [...config.requiredScopes, ...(config.writeScope ? [config.writeScope] : [])],
    resourceName: "Latchkey example notes (MCP)",
    ...(config.secretServerKey ? { introspection: { secretServerKey: config.secretServerKey }, alwaysIntrospect: true } : {}),
  });
  const notes: Notes = new Map();
  const app = new Hono();

  app.on(["GET", "HEAD", "OPTIONS"], resource.metadataPath, (c) => resource.serveMetadata(c.req.raw)!);
  app.all("/mcp", async (c) => {
    const auth = await resource.authenticate(c.req.raw);
    if (!auth.ok) return auth.response;
    const server = buildMcpServer(notes, config.writeScope);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw, { authInfo: authInfoOf(auth.token) });
  });
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const need = (name: string) => env[name] || (() => { throw new Error(`Set ${name} (see README.md)`); })();
  const port = Number(env.PORT ?? 3001);
  const config: McpConfig = {
    publicUrl: env.MCP_PUBLIC_URL || `http://127.0.0.1:${port}`,
    latchkeyUrl: env.LATCHKEY_URL || "http://localhost:8102",
    latchkeyPublicUrl: env.LATCHKEY_PUBLIC_URL || undefined,
    projectId: need("LATCHKEY_PROJECT_ID"),
    requiredScopes: (env.MCP_REQUIRED_SCOPES ?? "").split(" ").filter(Boolean),
    writeScope: env.MCP_WRITE_SCOPE || null,
    secretServerKey: env.LATCHKEY_SECRET_SERVER_KEY || undefined,
  };
  const server: ServerType = serve({ fetch: createMcpApp(config).fetch, port, hostname: "127.0.0.1" }, () => {
    console.log(`MCP server listening on ${config.publicUrl}/mcp`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
