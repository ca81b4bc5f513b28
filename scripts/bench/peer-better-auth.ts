/**
 * The peer: Better Auth 1.7 (e-mail and password on better-sqlite3) in its own process, measured
 * with the same load generator and connections: get-session with a session cookie, and sign-in.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mapConcurrent } from "./api.js";
import { freePort, spawnNode, waitUntilReady } from "./children.js";
import { onCleanup } from "./cleanup.js";
import type { HttpRequest } from "./load.js";
import { measure } from "./measure.js";
import { runTiming, type BenchOptions } from "./options.js";
import type { Row } from "./results.js";

const PASSWORD = "bench password 1234";
const USERS = 50;

export async function measureBetterAuth(options: BenchOptions, which: { getSession: boolean; signIn: boolean }): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "better-auth-bench-"));
  const removeDir = onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNode("better-auth", ["scripts/bench/children/better-auth.ts", String(port), join(dir, "auth.db"), randomBytes(32).toString("base64")], {}, { typescript: true });
  const rows: Row[] = [];
  try {
    await waitUntilReady(child, `${url}/api/auth/ok`);
    const json = { "content-type": "application/json", origin: url };
    const users = await mapConcurrent(
      Array.from({ length: USERS }, (_, i) => `ba-${i}@bench.example`),
      4,
      async (email) => {
        const res = await fetch(`${url}/api/auth/sign-up/email`, { method: "POST", headers: json, body: JSON.stringify({ email, password: PASSWORD, name: email }) });
        if (!res.ok) throw new Error(`Better Auth sign-up answered ${res.status}: ${await res.text()}`);
        const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("better-auth.session_token="));
        if (!cookie) throw new Error("Better Auth sign-up set no session cookie");
        return { email, cookie };
      },
    );
    const check = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: users[0]!.cookie } });
    const session = (await check.json()) as { user?: { email?: string } } | null;
    if (session?.user?.email !== users[0]!.email) throw new Error("Better Auth get-session did not return the signed-in user");

    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    const load = { url, connections: options.connections, durationSeconds: options.durationSeconds };
    if (which.getSession) {
      const requests: HttpRequest[] = users.map((u) => ({ method: "GET", path: "/api/auth/get-session", headers: { cookie: u.cookie } }));
      rows.push({ system: "better-auth", scenario: "get-session", status: "measured", measurement: await measure([child.pid], { ...load, next: () => pick(requests) }, runTiming(options)) });
    }
    if (which.signIn) {
      const requests: HttpRequest[] = users.map((u) => ({ method: "POST", path: "/api/auth/sign-in/email", headers: json, body: JSON.stringify({ email: u.email, password: PASSWORD }) }));
      rows.push({ system: "better-auth", scenario: "sign-in", status: "measured", measurement: await measure([child.pid], { ...load, next: () => pick(requests) }, runTiming(options, "password")) });
    }
    return rows;
  } finally {
    await child.stop();
    await removeDir();
  }
}
