/**
 * A request body that cannot be read or parsed: too large (413), of an unsupported media type (415) or
 * malformed (400). Each endpoint turns it into its own error shape (the management API's or the token
 * endpoint's).
 */
export class BodyError extends Error {
  override readonly name = "BodyError";

  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    /** Whether the connection must close after the answer (a declared body too large to read). */
    readonly closeConnection = false,
  ) {
    super(message);
  }
}
