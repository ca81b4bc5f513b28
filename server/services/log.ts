/**
 * The server's structured logger: one JSON line per event on stderr (pino), with an ISO time, the level
 * as a word and the message under `message`. Callers pass facts, never secrets: no keys, tokens,
 * passwords, codes or query strings. Fields whose names say they hold a secret are redacted anyway,
 * in case one slips through.
 */
import { pino, type DestinationStream } from "pino";

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Whether debug lines are written: hot paths check it before building their fields. */
  readonly debugEnabled: boolean;
}

export type LogLevel = "silent" | "error" | "info" | "debug";

/** Field names that hold secrets, redacted at the top level and one level down. */
const secretFields = [
  "password", "newPassword", "oldPassword", "token", "accessToken", "refreshToken", "access_token", "refresh_token",
  "authorization", "cookie", "secret", "clientSecret", "client_secret", "apiKey", "publishableClientKey",
  "secretServerKey", "superSecretAdminKey", "polling_code", "login_code",
];

/** `write` receives each line without its newline (tests); by default lines go to stderr. */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination: DestinationStream = write ? { write: (line) => write(line.replace(/\n$/, "")) } : pino.destination({ dest: 2, sync: true });
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...secretFields, ...secretFields.map((name) => `*.${name}`)], censor: "[redacted]" },
    },
    destination,
  );
  return {
    error: (message, fields) => logger.error(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    debugEnabled: logger.isLevelEnabled("debug"),
  };
}

/** Describes an unexpected error for the log: its name, message and stack, nothing else. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
