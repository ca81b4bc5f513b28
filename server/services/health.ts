import type { AppDeps } from "../deps.js";

/** Answers whether the server is up; with `checkDatabase`, also runs a query. */
export async function healthCheck(deps: AppDeps, checkDatabase: boolean): Promise<{ status: "ok" }> {
  if (checkDatabase) await deps.store.ping();
  return { status: "ok" };
}
