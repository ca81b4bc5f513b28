/**
 * A handler broke its contract (an undeclared error, an answer of the wrong shape, an undeclared key).
 * Only thrown while responses are validated (tests), where the 500 answer carries this message so
 * that the failing test shows what broke instead of an anonymous server error.
 */
export class ContractViolationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ContractViolationError";
  }
}
