/**
 * The tRPC error code for an HTTP status, read from tRPC's own status table, so that an error sent over
 * tRPC carries the status its REST answer has (a 502 stays a 502, a 413 a 413) without a second table here.
 */
import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";

const codeByStatus = new Map<number, TRPC_ERROR_CODE_KEY>();
for (const code of Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[]) {
  // Two codes share 400: PARSE_ERROR is tRPC's own unreadable-request answer; ours are BAD_REQUEST.
  if (code === "PARSE_ERROR") continue;
  const status = getHTTPStatusCodeFromError(new TRPCError({ code }));
  if (!codeByStatus.has(status)) codeByStatus.set(status, code);
}

/** tRPC's code for `status`; a status tRPC has no code for falls back to the class's general code. */
export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  return codeByStatus.get(status) ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
}
