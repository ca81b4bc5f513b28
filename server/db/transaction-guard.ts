/**
 * Catches misuse of transactions while testing. Stores pass transactions explicitly (the `tx` handle,
 * `within` for nested ones, the `db` given to `afterCommit`) instead of tracking them per async context:
 * AsyncLocalStorage on Node 20 hooks every promise, which cost 10-15% of a token check. In checking
 * mode (tests, `LATCHKEY_CHECK_TRANSACTIONS=1`) the guard does track the open transaction per async
 * context, so that code which forgets to pass it fails loudly instead of, on SQLite, waiting for the
 * transaction it is part of.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface TransactionGuard {
  /** Runs `fn` as the body of a transaction. */
  run<T>(fn: () => T): T;
  /** Throws when called from inside a transaction's body (checking mode only). */
  assertOutside(what: string): void;
}

const unchecked: TransactionGuard = { run: (fn) => fn(), assertOutside: () => {} };

export class TransactionMisuseError extends Error {
  override readonly name = "TransactionMisuseError";
}

export function transactionGuard(checking: boolean): TransactionGuard {
  if (!checking) return unchecked;
  const open = new AsyncLocalStorage<true>();
  return {
    run: (fn) => open.run(true, fn),
    assertOutside(what) {
      if (open.getStore()) throw new TransactionMisuseError(`${what} inside a transaction: use the transaction's db (tx) instead`);
    },
  };
}
