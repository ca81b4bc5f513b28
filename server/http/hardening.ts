/** Response headers and limits every response gets. */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { textResponse } from "./wire.js";

/** Largest request body: a profile image may be a 1,000,000-character data URL inside JSON. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Security headers for API answers: nothing may be framed, sniffed or leak a referrer; answers are data,
 * so their content security policy allows nothing. The API is meant to be called from other origins,
 * so resources may be read cross-origin (CORS decides who may read them). HSTS when served over HTTPS.
 */
export function apiSecurityHeaders(publicUrl: string): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: "cross-origin",
    referrerPolicy: "no-referrer",
    xFrameOptions: "DENY",
    strictTransportSecurity: publicUrl.startsWith("https:") ? "max-age=31536000; includeSubDomains" : false,
  });
}

export function requestBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => textResponse(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
  });
}
