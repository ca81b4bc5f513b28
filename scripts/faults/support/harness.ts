/**
 * The frame every fault script runs in: a deadline, cleanup on every way out (success, violation,
 * exception, deadline, SIGINT/SIGTERM), the violations found, and one summary line that run-all.ts
 * picks up. A script exits 0 only when it ran to the end and found no violation.
 */

/** Prefix of the line that carries a script's summary (run-all.ts reads it from the child's output). */
export const SUMMARY_PREFIX = "faults-summary: ";

const CLEANUP_TIMEOUT_MS = 20_000;

/** Resources to release in reverse order of acquisition, whatever happens. */
export class Scope {
  private readonly cleanups: { label: string; fn: () => Promise<void> | void }[] = [];

  defer(label: string, fn: () => Promise<void> | void): void {
    this.cleanups.push({ label, fn });
  }

  async close(): Promise<void> {
    for (const { label, fn } of this.cleanups.reverse()) {
      try {
        await Promise.race([fn(), sleep(CLEANUP_TIMEOUT_MS).then(() => Promise.reject(new Error(`timed out after ${CLEANUP_TIMEOUT_MS} ms`)))]);
      } catch (error) {
        console.error(`cleanup "${label}" failed: ${messageOf(error)}`);
      }
    }
    this.cleanups.length = 0;
  }
}

/** Violations of the invariants a script checks. Each is printed as it is found. */
export class Report {
  readonly violations: string[] = [];

  violation(message: string): void {
    this.violations.push(message);
    // Print the first ones in full; a flood of the same failure helps nobody.
    if (this.violations.length <= 25) console.error(`VIOLATION: ${message}`);
    else if (this.violations.length === 26) console.error("VIOLATION: … (further violations counted, not printed)");
  }

  expect(condition: boolean, message: string): void {
    if (!condition) this.violation(message);
  }
}

export interface FaultScript {
  /** What the summary line starts with, e.g. `kill-during-writes sqlite`. */
  name: string;
  /** The whole run, set-up and cleanup included, must end within this. */
  timeoutMs: number;
  /** Runs the scenario and returns the summary (without the name). */
  run(scope: Scope, report: Report): Promise<string>;
}

/** Runs a script and exits the process: 0 when it passed, 1 otherwise. */
export async function runFaultScript(script: FaultScript): Promise<never> {
  const scope = new Scope();
  const report = new Report();
  let abort!: (reason: Error) => void;
  const aborted = new Promise<never>((_, reject) => (abort = reject));
  const timer = setTimeout(() => abort(new Error(`did not finish within ${script.timeoutMs / 1000} s`)), script.timeoutMs);
  const onSignal = (signal: NodeJS.Signals) => abort(new Error(`interrupted by ${signal}`));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  // A rejection nobody awaited is a bug in the script; stop rather than report a pass.
  process.on("unhandledRejection", (error) => abort(new Error(`unhandled rejection: ${messageOf(error)}`)));

  const started = Date.now();
  let summary: string;
  let failed: string | null = null;
  try {
    summary = await Promise.race([script.run(scope, report), aborted]);
  } catch (error) {
    failed = messageOf(error);
    summary = `FAILED: ${failed}`;
    console.error(`${script.name}: ${error instanceof Error && error.stack ? error.stack : failed}`);
  }
  clearTimeout(timer);
  await scope.close();

  const passed = failed === null && report.violations.length === 0;
  if (failed === null && report.violations.length > 0) summary += ` (FAILED: ${report.violations.length} violation${report.violations.length === 1 ? "" : "s"})`;
  console.log(`${script.name}: ${passed ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${SUMMARY_PREFIX}${script.name}: ${summary}`);
  process.exit(passed ? 0 : 1);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Reads `--name value` from the command line. */
export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

export function integerArgument(name: string, fallback: number, min: number, max: number): number {
  const raw = argument(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}
