/**
 * A recording HTTP proxy in front of the API server, for tests that check what an SDK running inside
 * another process (a Next.js server) sends: every request is forwarded unchanged to `target` and its
 * method, path and headers are kept, in order.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface RecordingProxy extends AsyncDisposable {
  url: string;
  /** The requests seen so far. */
  readonly requests: RecordedRequest[];
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value]])));
      requests.push({ method: request.method ?? "GET", path: request.url ?? "/", headers });
      const { host: _host, connection: _connection, "content-length": _length, ...forwarded } = headers;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(new URL(request.url ?? "/", target), { method: request.method, headers: forwarded, ...(body && { body }), redirect: "manual" }).then(
        async (answer) => {
          const payload = Buffer.from(await answer.arrayBuffer());
          const out: Record<string, string | string[]> = {};
          answer.headers.forEach((value, name) => {
            if (name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding" && name !== "connection") out[name] = value;
          });
          if (answer.headers.has("set-cookie")) out["set-cookie"] = answer.headers.getSetCookie();
          response.writeHead(answer.status, out).end(payload);
        },
        (caught: unknown) => response.writeHead(502).end(String(caught)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // localhost, as the API server's own URL: the project allows localhost origins and callbacks.
    url: `http://localhost:${port}`,
    requests,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
