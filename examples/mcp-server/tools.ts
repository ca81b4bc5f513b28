/**
 * The MCP server's tools: `whoami` (who the access token acts for) and `add_note` (a note kept in memory
 * per user, which needs the `notes:write` scope when the project defines it). A fresh McpServer serves each
 * request (stateless Streamable HTTP); the notes outlive it.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { z } from "zod";

export type Notes = Map<string, string[]>;

const text = (value: unknown) => ({ content: [{ type: "text" as const, text: typeof value === "string" ? value : JSON.stringify(value) }] });

export function buildMcpServer(notes: Notes, writeScope: string | null): McpServer {
  const server = new McpServer({ name: "latchkey-example-notes", version: "1.0.0" });

  server.registerTool("whoami", { title: "Who am I", description: "Tells which Latchkey user and OAuth client the access token belongs to." }, ({ authInfo }) => {
    return text({ userId: authInfo?.extra?.userId ?? null, clientId: authInfo?.clientId, scopes: authInfo?.scopes ?? [] });
  });

  server.registerTool(
    "add_note",
    { title: "Add a note", description: "Keeps a short note for the signed-in user and answers all of their notes.", inputSchema: { text: z.string().min(1).max(500) } },
    ({ text: note }, { authInfo }) => {
      const user = userOf(authInfo);
      if (writeScope && !authInfo?.scopes.includes(writeScope)) return { isError: true, ...text(`This tool needs the ${writeScope} scope.`) };
      const mine = [...(notes.get(user) ?? []), note];
      notes.set(user, mine);
      return text({ notes: mine });
    },
  );
  return server;
}

function userOf(authInfo: AuthInfo | undefined): string {
  const userId = authInfo?.extra?.userId;
  if (typeof userId !== "string") throw new Error("add_note needs a token issued for a user");
  return userId;
}
