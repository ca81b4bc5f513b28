/** What Stack's SDK answers where a failure is expected: a success with data or an error. */
export type Result<T, E = unknown> = { status: "ok"; data: T } | { status: "error"; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ status: "ok", data });
export const error = <E>(value: E): Result<never, E> => ({ status: "error", error: value });

/**
 * Runs `run` and turns the errors that are instances of `expected` into an error result (others are thrown).
 */
export async function catchKnown<T, E>(run: () => Promise<T>, expected: readonly (abstract new (...args: never[]) => E)[]): Promise<Result<T, E>> {
  try {
    return ok(await run());
  } catch (caught) {
    if (expected.some((Class) => caught instanceof Class)) return error(caught as E);
    throw caught;
  }
}
