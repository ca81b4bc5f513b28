import type { AppDeps } from "../deps.js";
import { secretOpensSigningKeys } from "./tokens/signing-keys.js";

export type HealthStatus = { status: "ok" } | { status: "unavailable"; reason: string };

/** What a process whose server secret cannot open the database's sealed values answers (main.ts refuses to start so). */
export const SECRET_MISMATCH =
  "this process's server secret does not open the signing keys in the database: every process on one database needs the same LATCHKEY_SERVER_SECRET (or LATCHKEY_SERVER_SECRET_PREVIOUS while a rotation rolls out)";

/**
 * Answers whether the server is up; with `checkDatabase`, also runs a query and checks that this
 * process's server secret opens what the database holds (after `latchkey secret rotate`, a process
 * still on the old secret alone reports itself unavailable, so a load balancer takes it out).
 */
export async function healthCheck(deps: AppDeps, checkDatabase: boolean): Promise<HealthStatus> {
  if (!checkDatabase) return { status: "ok" };
  await deps.store.ping();
  if (!(await secretOpensSigningKeys(deps.queries.signingKeys, deps.secrets))) return { status: "unavailable", reason: SECRET_MISMATCH };
  return { status: "ok" };
}
