/**
 * Whose address a request counts as for the per-address abuse limits (services/abuse.ts) and what its
 * handlers see as the client's address. A server-rendering app calls for many end users from one
 * address; holding the project's secret server key (or admin key), it may name the end user's address
 * in `x-latchkey-end-user-ip`. The header is honoured only when such a key was checked: with server or
 * admin access (key-based, not an owner's admin access token), or with client access that also
 * presents the secret server key (a server app signing its users in: sign-in and sign-up are client
 * calls). Anywhere else (a browser, public routes) it is ignored, so nobody picks their own address.
 */
import { isIP } from "node:net";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { checkKey, type Auth, type HeaderReader } from "./auth.js";

export const END_USER_IP_HEADER = "x-latchkey-end-user-ip";

/** `clientIp` (the socket peer or what trusted proxies vouch for), or the end user's address a key-holding server names. */
export async function effectiveClientIp(deps: AppDeps, auth: Auth | null, header: HeaderReader, clientIp: string | null): Promise<string | null> {
  const named = header(END_USER_IP_HEADER);
  if (named === undefined || named === "" || !auth || auth.ownerUserId !== null) return clientIp;
  if (auth.accessType === "client") {
    const serverKey = header("x-stack-secret-server-key");
    if (serverKey === undefined || serverKey === "") return clientIp;
    await checkKey(deps, auth.project, "server", serverKey);
  }
  // One plain address: no zone index, list or port (Node accepts `fe80::1%eth0`).
  if (named.length > 45 || named.includes("%") || isIP(named) === 0) throw statusError("endUserIpInvalid");
  return named;
}
