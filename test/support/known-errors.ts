/**
 * Assertions on the error wire formats: known errors (`{code, details, error}` with the x-stack-known-error
 * header) and plain-status errors (a status and a text), both asserted by name.
 */
import { expect } from "vitest";
import { KnownError, type KnownErrorCode } from "../../contract/known-error.js";
import { StatusError, type StatusArgs, type StatusErrorName } from "../../server/errors.js";
import type { ApiResponse } from "./instance.js";

/**
 * Expects exactly this known error: the status (written out, not read from the table), the header, and
 * the body the table renders for these details (`details` left out when the error has none).
 */
export function expectKnownError(res: ApiResponse, status: number, code: KnownErrorCode, details?: Record<string, unknown>): void {
  expect([res.status, res.headers.get("x-stack-known-error")], res.text).toEqual([status, code]);
  expect(res.body).toStrictEqual(new KnownError(code, details as never).toJSON());
}

/**
 * Expects exactly this plain-status error by name: the status (written out), a text/plain body equal to
 * the table's text for `args`, and no known-error header.
 */
export function expectStatusError<N extends StatusErrorName>(res: ApiResponse, status: number, name: N, ...args: StatusArgs<N>): void {
  const expected = new StatusError(name, ...args);
  expect([res.status, res.headers.get("x-stack-known-error"), res.text], name).toEqual([status, null, expected.message]);
  expect(expected.status, `${name}'s status in contract/status-errors.ts`).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
}
