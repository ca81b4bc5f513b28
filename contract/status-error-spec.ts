/** HTTP statuses a plain-status error may carry. */
export type PlainErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502;

/**
 * One row of the plain-status error table: the status and the exact text of the answer, fixed or
 * built from a few named values.
 */
export interface StatusErrorSpec<A extends Record<string, unknown> | undefined> {
  readonly status: PlainErrorStatus;
  readonly message: (args: A) => string;
  /** The text, or for texts built from values, the text with each value shown as `{name}` (for documents). */
  readonly template: string;
}

export function defineStatusError(status: PlainErrorStatus, message: string): StatusErrorSpec<undefined>;
export function defineStatusError<A extends Record<string, unknown>>(status: PlainErrorStatus, message: (args: A) => string): StatusErrorSpec<A>;
export function defineStatusError(status: PlainErrorStatus, message: string | ((args: Record<string, unknown>) => string)): StatusErrorSpec<never> {
  if (typeof message === "string") return { status, message: () => message, template: message };
  const placeholders = new Proxy({}, { get: (_, key) => `{${String(key)}}` });
  return { status, message, template: message(placeholders) };
}
