import * as React from "react";

/** A promise as React's `use` annotates it: its outcome readable synchronously once settled. */
type TrackedThenable<T> = PromiseLike<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

// React 19's `use`, looked up rather than imported so the package loads on React 18.3 too.
const nativeUse = (React as unknown as { use?: <T>(thenable: PromiseLike<T>) => T }).use;

/**
 * The value of `thenable`, suspending the component until it settles: React's `use` on React 19, and on
 * React 18 the same contract by hand (the thenable is annotated with its outcome and thrown while pending,
 * which React 18's Suspense also catches and retries on).
 */
export function useThenable<T>(thenable: PromiseLike<T>): T {
  return nativeUse ? nativeUse(thenable) : readThenable(thenable as TrackedThenable<T>);
}

function readThenable<T>(thenable: TrackedThenable<T>): T {
  if (thenable.status === "fulfilled") return thenable.value as T;
  if (thenable.status === "rejected") throw thenable.reason;
  if (thenable.status === undefined) {
    thenable.status = "pending";
    thenable.then(
      (value) => {
        if (thenable.status !== "pending") return;
        thenable.status = "fulfilled";
        thenable.value = value;
      },
      (reason: unknown) => {
        if (thenable.status !== "pending") return;
        thenable.status = "rejected";
        thenable.reason = reason;
      },
    );
  }
  throw thenable;
}
