/**
 * One bounded load run with autocannon on loopback. Load starts at once; only responses that complete
 * inside the measurement window count (so a warm-up before the window reaches a steady state without
 * leaving abandoned work behind, as a separate warm-up run would). Latencies are taken from
 * autocannon's `response` events (fractional milliseconds, 2xx responses only, not corrected for
 * coordinated omission); every status is counted, so errors and 429s show up instead of passing as
 * throughput.
 */
import autocannon from "autocannon";

export interface HttpRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** `http://127.0.0.1:<port>` */
  url: string;
  connections: number;
  /** Length of the measurement window. */
  durationSeconds: number;
  /** When the window opens (performance.now() milliseconds); load runs from now until it closes. */
  windowStartMs: number;
  /** Builds the next request (called for every request). */
  next: () => HttpRequest;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
  timeoutSeconds?: number;
}

export interface LoadResult {
  durationSeconds: number;
  connections: number;
  /** Completed responses of any status. */
  responses: number;
  ok: number;
  /** Completed responses per second. */
  rps: number;
  /** 2xx responses per second (what the ratios use). */
  okRps: number;
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  statusCounts: Record<string, number>;
  /** Connection errors, including timeouts. */
  errors: number;
  timeouts: number;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const windowStart = options.windowStartMs;
  const windowEnd = windowStart + options.durationSeconds * 1000;
  let errors = 0;
  let timeouts = 0;
  const inWindow = () => {
    const now = performance.now();
    return now >= windowStart && now < windowEnd;
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: Math.ceil((windowEnd - performance.now()) / 1000),
        timeout: options.timeoutSeconds ?? 10,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        requests: [{ setupRequest: (request) => ({ ...request, ...options.next() }) }],
      },
      (error) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        latencies.sort((a, b) => a - b);
        const ok = latencies.length;
        const responses = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
        const duration = options.durationSeconds;
        resolve({
          durationSeconds: duration,
          connections: options.connections,
          responses,
          ok,
          rps: responses / duration,
          okRps: ok / duration,
          p50Ms: percentile(latencies, 0.5),
          p90Ms: percentile(latencies, 0.9),
          p99Ms: percentile(latencies, 0.99),
          maxMs: ok > 0 ? latencies[ok - 1]! : null,
          statusCounts,
          errors,
          timeouts,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (!inWindow()) return;
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    instance.on("reqError", (error: unknown) => {
      if (!inWindow()) return;
      errors++;
      if ((error as Error | undefined)?.message === "request timed out") timeouts++;
    });
  });
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
