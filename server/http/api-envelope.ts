/**
 * Turns API replies into responses, adding what every API answer carries: security and CORS headers,
 * `cache-control`, the request id, and the error-status override. All headers go into the response
 * when it is built: setting one on a finished response would make the Node adapter copy it.
 */
import { apiCorsHeaders, apiPreflightHeaders } from "./cors.js";
import { NO_STORE, apiSecurityHeaders } from "./hardening.js";
import type { WireReply } from "./wire.js";

/** What a reply needs to know about its request. */
export interface ApiEnvelope {
  readonly requestId: string;
  /** `x-stack-override-error-status` was sent (any value). */
  readonly overrideErrorStatus: boolean;
}

export interface ApiResponder {
  /** A reply as a response, with every common header. */
  respond(reply: WireReply, envelope: ApiEnvelope): Response;
  /** The answer to a CORS preflight request. */
  preflight(envelope: ApiEnvelope): Response;
}

export function createApiResponder(publicUrl: string): ApiResponder {
  const security = apiSecurityHeaders(publicUrl);
  const common: Readonly<Record<string, string>> = Object.freeze({ ...security, ...apiCorsHeaders, "cache-control": NO_STORE });
  const preflightCommon = Object.freeze({ ...security, ...apiPreflightHeaders, "cache-control": NO_STORE });
  return {
    respond(reply, envelope) {
      const headers: Record<string, string> = { ...common, ...reply.headers, "x-stack-request-id": envelope.requestId };
      let status = reply.status;
      // Browsers hide error bodies from scripts in some set-ups; the override lets clients read them.
      if (envelope.overrideErrorStatus && status >= 400 && status <= 599) {
        headers["x-stack-actual-status"] = String(status);
        status = 200;
      }
      return new Response(reply.body, { status, headers });
    },
    preflight(envelope) {
      return new Response(null, { status: 204, headers: { ...preflightCommon, "x-stack-request-id": envelope.requestId } });
    },
  };
}
