import { knownErrorStatuses } from "../../generated.js";

/** The JSON body of a known error on the wire. */
export interface KnownErrorJson {
  code: string;
  details?: Record<string, unknown>;
  error: string;
}

/**
 * The base of every known error: an error the server describes by a code from the known-error table, with
 * its HTTP status and `details`. Each code has a subclass under `KnownErrors`.
 *
 * @example
 * ```ts
 * try {
 *   await app.getUser({ or: "throw" });
 * } catch (error) {
 *   if (error instanceof KnownError) console.log(error.errorCode, error.statusCode);
 * }
 * ```
 */
export class KnownError extends Error {
  /** The code of this class; overridden by every subclass. */
  static readonly errorCode: string = "KNOWN_ERROR";
  readonly errorCode: string;
  readonly statusCode: number;
  readonly humanReadableMessage: string;
  readonly details: Record<string, unknown> | undefined;

  /**
   * @param details - the error's `details` object as the server sends it
   * @param message - a human-readable message (the server's `error` text when decoded from the wire)
   * @param statusCode - the HTTP status; defaults to the status of the code in the known-error table
   */
  constructor(details?: Record<string, unknown>, message?: string, statusCode?: number) {
    const code = (new.target as typeof KnownError).errorCode;
    const text = message ?? `${code}${details ? ` ${JSON.stringify(details)}` : ""}`;
    super(text);
    this.name = `KnownError<${code}>`;
    this.errorCode = code;
    this.statusCode = statusCode ?? (knownErrorStatuses as Record<string, number>)[code] ?? 400;
    this.humanReadableMessage = text;
    this.details = details;
  }

  /**
   * Whether `error` is an instance of this class or of one of its subclasses (Stack's spelling of
   * `instanceof`, which also works).
   *
   * @example
   * ```ts
   * const result = await app.verifyEmail(code);
   * if (result.status === "error" && KnownErrors.VerificationCodeExpired.isInstance(result.error)) console.log("Ask for a new code");
   * ```
   */
  static isInstance<T extends typeof KnownError>(this: T, error: unknown): error is InstanceType<T> {
    return error instanceof this;
  }

  /** The error as the server sends it (`code`, `details`, `error`). @example `const body = JSON.stringify(new KnownErrors.UserNotFound().toJSON());` */
  toJSON(): KnownErrorJson {
    return { code: this.errorCode, ...(this.details && { details: this.details }), error: this.humanReadableMessage };
  }
}
