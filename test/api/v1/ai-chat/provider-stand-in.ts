/**
 * A stand-in OpenAI-compatible chat-completions API on 127.0.0.1 for the AI chat tests: records every
 * request (path, headers, parsed JSON body) and answers what the test sets (a status and a JSON body,
 * a raw text, or nothing at all, to test timeouts).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCompletion {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type StandInAnswer = { status: number; json: unknown } | { status: number; text: string } | "silence";

export interface ProviderStandIn extends AsyncDisposable {
  /** The base URL to configure (`…/v1`; requests go to `…/v1/chat/completions`). */
  readonly baseUrl: string;
  readonly received: ReceivedCompletion[];
  /** What the next requests are answered with (default: a completion saying "Hello from the stand-in"). */
  answer(next: StandInAnswer): void;
}

/** A chat completion whose message is `message` (OpenAI's shape). */
export function completion(message: Record<string, unknown>): { status: number; json: unknown } {
  return {
    status: 200,
    json: { id: "chatcmpl-1", object: "chat.completion", created: 1, model: "stand-in", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", ...message } }] },
  };
}

export async function startProviderStandIn(): Promise<ProviderStandIn> {
  const received: ReceivedCompletion[] = [];
  let next: StandInAnswer = completion({ content: "Hello from the stand-in" });
  const silent: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : undefined });
      if (next === "silence") {
        silent.push(res);
        return;
      }
      if ("json" in next) res.writeHead(next.status, { "content-type": "application/json" }).end(JSON.stringify(next.json));
      else res.writeHead(next.status, { "content-type": "text/plain" }).end(next.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    answer(answer) {
      next = answer;
    },
    async [Symbol.asyncDispose]() {
      for (const res of silent) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
