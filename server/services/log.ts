/**
 * A minimal structured logger (one JSON line per event on stderr). Callers pass facts, never
 * secrets: no keys, tokens, passwords, codes or query strings.
 */
export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Whether debug lines are written: hot paths check it before building their fields. */
  readonly debugEnabled: boolean;
}

const levels = { silent: 0, error: 1, info: 2, debug: 3 } as const;

export function createLogger(level: keyof typeof levels, write: (line: string) => void = (l) => process.stderr.write(l + "\n")): Logger {
  const threshold = levels[level];
  const emit = (at: keyof typeof levels, message: string, fields?: Record<string, unknown>) => {
    if (levels[at] > threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }));
  };
  return {
    error: (m, f) => emit("error", m, f),
    info: (m, f) => emit("info", m, f),
    debug: (m, f) => emit("debug", m, f),
    debugEnabled: threshold >= levels.debug,
  };
}

/** Describes an unexpected error for the log: its name, message and stack, nothing else. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
