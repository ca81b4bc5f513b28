import type { z } from "zod";
import { knownErrors } from "./errors.js";

export type KnownErrorCode = keyof typeof knownErrors;

type DetailsSchemaOf<C extends KnownErrorCode> = (typeof knownErrors)[C]["details"];
export type KnownErrorDetails<C extends KnownErrorCode> =
  DetailsSchemaOf<C> extends z.ZodType ? z.output<DetailsSchemaOf<C>> : undefined;

type DetailsArgs<C extends KnownErrorCode> = KnownErrorDetails<C> extends undefined ? [] : [KnownErrorDetails<C>];

/**
 * An error from the known-error table. It travels on the wire as `{code, details, error}` with the
 * header `x-stack-known-error: <code>`, and clients rebuild it from `code` and `details` alone.
 */
export class KnownError<C extends KnownErrorCode = KnownErrorCode> extends Error {
  readonly status: number;

  constructor(
    readonly code: C,
    readonly details: KnownErrorDetails<C>,
  ) {
    const spec = knownErrors[code] as { status: number; message: (d: unknown) => string };
    super(spec.message(details));
    this.name = "KnownError";
    this.status = spec.status;
  }

  /** The JSON body clients decode. `details` is left out when the error has none. */
  toJSON(): { code: C; details?: KnownErrorDetails<C>; error: string } {
    return this.details === undefined
      ? { code: this.code, error: this.message }
      : { code: this.code, details: this.details, error: this.message };
  }
}

/** Builds a typed known error: `knownError("USER_NOT_FOUND")`, `knownError("TEAM_NOT_FOUND", { team_id })`. */
export function knownError<C extends KnownErrorCode>(code: C, ...details: DetailsArgs<C>): KnownError<C> {
  return new KnownError(code, details[0] as KnownErrorDetails<C>);
}

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(knownErrors, code);
}
