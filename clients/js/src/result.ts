/** What Stack's SDK answers where a failure is expected: a success with data or an error. */
export type Result<T, E = unknown> = { status: "ok"; data: T } | { status: "error"; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ status: "ok", data });
export const error = <E>(value: E): Result<never, E> => ({ status: "error", error: value });

/**
 * Runs `run` and turns the errors that are instances of `expected` into an error result (others are thrown).
 */
export async function catchKnown<T, C extends readonly (abstract new (...args: never[]) => unknown)[]>(run: () => Promise<T>, expected: C): Promise<Result<T, InstanceType<C[number]>>> {
  try {
    return ok(await run());
  } catch (caught) {
    if (expected.some((Class) => caught instanceof Class)) return error(caught as InstanceType<C[number]>);
    throw caught;
  }
}
