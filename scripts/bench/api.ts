/** A small client of Latchkey's REST API for seeding (not for load: that goes through autocannon). */

export type Access = "client" | "server" | "admin";

export interface ProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  /** Absent for the internal project as the bench sees it. */
  superSecretAdminKey?: string;
}

const keyHeader: Record<Access, [string, keyof ProjectKeys]> = {
  client: ["x-stack-publishable-client-key", "publishableClientKey"],
  server: ["x-stack-secret-server-key", "secretServerKey"],
  admin: ["x-stack-super-secret-admin-key", "superSecretAdminKey"],
};

/** The x-stack-* headers of a call to `project` at `access`, optionally as a signed-in user. */
export function projectHeaders(project: ProjectKeys, access: Access, accessToken?: string): Record<string, string> {
  const [header, key] = keyHeader[access];
  const value = project[key];
  if (value === undefined) throw new Error(`no ${access} key for project ${project.projectId}`);
  return {
    "x-stack-access-type": access,
    "x-stack-project-id": project.projectId,
    [header]: value,
    ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
  };
}

export interface CallOptions {
  headers?: Record<string, string>;
  json?: unknown;
}

export interface ApiAnswer {
  status: number;
  body: any;
}

/** Calls `/api/v1<path>` and throws unless the status is `expect` (a 2xx by default). */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}, expect?: number): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const ok = expect === undefined ? res.status >= 200 && res.status < 300 : res.status === expect;
  if (!ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
}

/** Runs `fn` over `items` with at most `concurrency` calls in flight; results keep the items' order. */
export async function mapConcurrent<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!, index);
      }
    }),
  );
  return results;
}
