/**
 * The errors the server throws on purpose, in one place outside the HTTP layer so that services and
 * handlers alike throw them by name:
 * - known errors (`knownError("USER_NOT_FOUND")`), from contract/errors.ts;
 * - plain-status errors (`statusError("sessionNotFound")`), from contract/status-errors.ts.
 * Anything else thrown becomes a 500 that names only the request id.
 */
import { statusErrors, type StatusErrorName } from "../contract/status-errors.js";

export { KnownError, knownError, isKnownErrorCode, type KnownErrorCode } from "../contract/known-error.js";
export type { StatusErrorName } from "../contract/status-errors.js";

type ArgsOf<N extends StatusErrorName> = (typeof statusErrors)[N]["message"] extends (args: infer A) => string ? A : never;
export type StatusArgs<N extends StatusErrorName> = ArgsOf<N> extends undefined ? [] : [ArgsOf<N>];

/** A plain-status error: the wire answer is its status and its text (text/plain), nothing else. */
export class StatusError<N extends StatusErrorName = StatusErrorName> extends Error {
  readonly status: number;

  constructor(
    readonly errorName: N,
    ...args: StatusArgs<N>
  ) {
    const spec = statusErrors[errorName] as { status: number; message: (args: unknown) => string };
    super(spec.message(args[0]));
    this.name = "StatusError";
    this.status = spec.status;
  }
}

/** Throws by name: `throw statusError("sessionNotFound")`, `statusError("apiKeysDisabled", { kind: "Team" })`. */
export function statusError<N extends StatusErrorName>(name: N, ...args: StatusArgs<N>): StatusError<N> {
  return new StatusError(name, ...args);
}

/** The 429 answer; clients wait `retryAfterSeconds` (sent as Retry-After) before retrying. */
export class TooManyRequestsError extends StatusError<"tooManyRequests"> {
  constructor(readonly retryAfterSeconds: number) {
    super("tooManyRequests", { retryAfterSeconds });
  }
}
