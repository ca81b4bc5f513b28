/**
 * Scale-out child: a tiny HTTP reverse proxy on loopback that sends each request to the next
 * upstream in turn, over keep-alive connections.
 * Usage: node --import tsx round-robin-proxy.ts <port> <upstream url>,<upstream url>,…
 */
import { Agent, createServer, request } from "node:http";

const port = Number(process.argv[2]);
const upstreams = (process.argv[3] ?? "").split(",").map((u) => new URL(u));
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

createServer((req, res) => {
  const upstream = upstreams[next++ % upstreams.length]!;
  const forward = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forward);
}).listen(port, "127.0.0.1");
