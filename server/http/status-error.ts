/**
 * A plain-text error with an HTTP status, for the few answers the wire protocol gives as text rather
 * than as a known error (e.g. "Contact channel not found."). Clients show the text to humans only.
 */
export class StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "StatusError";
  }
}
