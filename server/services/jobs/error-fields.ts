/** Name and message of an unexpected error (database, bug); payloads never reach these code paths. */
export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.name, detail: error.message } : { error: String(error) };
}
