import type { z } from "zod";

/** HTTP statuses a known error may carry. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 429 | 500;

/**
 * One row of the known-error table: the status, the shape of `details` that clients decode,
 * and how to phrase the human message from those details.
 */
export interface ErrorSpec<D extends z.ZodType | null> {
  readonly status: ErrorStatus;
  readonly details: D;
  readonly message: (details: D extends z.ZodType ? z.output<D> : undefined) => string;
}

export function defineError<D extends z.ZodType | null>(
  status: ErrorStatus,
  details: D,
  message: string | ((details: D extends z.ZodType ? z.output<D> : undefined) => string),
): ErrorSpec<D> {
  return { status, details, message: typeof message === "string" ? () => message : message };
}
