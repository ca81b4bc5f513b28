/** A response that is neither a success nor a known error (plain-text errors, unexpected statuses). */
export class HttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`Failed to send request to ${url}: ${status} ${body}`);
    this.name = "HttpError";
  }
}

/** The server could not be reached after every retry, or at once for a request that must not be resent. */
export class ConnectivityError extends Error {
  constructor(
    cause: unknown,
    /** What the SDK found when it probed the server (see `runNetworkDiagnostics`). */
    readonly diagnostics: Record<string, unknown>,
  ) {
    super(
      `Unable to connect to the Latchkey server. Check the internet connection and the app's baseUrl, then try again.\n\n${String(cause)}\n\n${JSON.stringify(diagnostics, null, 2)}`,
      { cause },
    );
    this.name = "ConnectivityError";
  }
}

/** The browser reports being offline (`navigator.onLine === false`). */
export class OfflineError extends Error {
  constructor(cause: unknown) {
    super("You are offline. Please check your internet connection and try again. (navigator.onLine is false)", { cause });
    this.name = "OfflineError";
  }
}
