/** Request headers browsers may send to the API. */
export const allowedRequestHeaders = [
  "content-type",
  "authorization",
  "x-stack-project-id",
  "x-stack-branch-id",
  "x-stack-override-error-status",
  "x-stack-random-nonce",
  "x-stack-client-version",
  "x-stack-disable-artificial-development-delay",
  "x-stack-access-type",
  "x-stack-publishable-client-key",
  "x-stack-secret-server-key",
  "x-stack-super-secret-admin-key",
  "x-stack-admin-access-token",
  "x-stack-workflow-token",
  "x-stack-refresh-token",
  "x-stack-access-token",
  "x-stack-allow-anonymous-user",
  "baggage",
  "sentry-trace",
  "x-vercel-protection-bypass",
  "ngrok-skip-browser-warning",
];

/** Response headers browsers must be able to read: without them every error looks like a success. */
export const exposedResponseHeaders = [
  "content-type",
  "x-stack-actual-status",
  "x-stack-known-error",
  "x-stack-request-id",
  "retry-after",
];

/**
 * CORS for the API. Any origin may call it: clients never send credentials (cookies), and every
 * request carries its own keys or tokens in headers. Plain objects, merged into each answer when it
 * is built (never set on a finished response, which would cost a copy of it).
 */
export const apiCorsHeaders: Readonly<Record<string, string>> = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": exposedResponseHeaders.join(","),
});

/** The answer to a preflight (OPTIONS) request; browsers cache it for a day. */
export const apiPreflightHeaders: Readonly<Record<string, string>> = Object.freeze({
  ...apiCorsHeaders,
  "access-control-allow-methods": "GET,POST,PUT,PATCH,DELETE,OPTIONS",
  "access-control-allow-headers": allowedRequestHeaders.join(","),
  "access-control-max-age": "86400",
  vary: "Access-Control-Request-Headers",
});
