/** The shape of a conformance fixture, which extract.ts writes and nock.ts fills from a nock recording. */

/** One recorded interaction, as a fixture keeps it. */
export interface FixtureInteraction {
  readonly index: number;
  readonly method: string;
  /** The URL's path and query, without scheme and host. */
  readonly path: string;
  readonly requestBody: unknown;
  readonly status: number;
  readonly responseBody: unknown;
}

/** One cassette's interactions on the emulated endpoints, and where they were recorded. */
export interface Fixture {
  readonly source: { readonly repository: string; readonly path: string; readonly commit: string };
  readonly interactions: readonly FixtureInteraction[];
  /** Emulated interactions of the recording that are not replayed, each with its reason. */
  readonly leftOut?: readonly LeftOut[];
}

/** An interaction of a recording that its fixture does not replay, and why. */
export interface LeftOut {
  readonly index: number;
  readonly method: string;
  readonly path: string;
  readonly reason: string;
}
