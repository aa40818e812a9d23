/** One request as the emulator logged it: when it arrived and how long its answer took. */
export interface TimedRequest {
  readonly method: string;
  readonly path: string;
  /** Arrival, in UNIX milliseconds (whole milliseconds). */
  readonly time: number;
  readonly durationMs: number;
}

/** The clock of `time` counts whole milliseconds: a request this close after an answer came after it. */
const CLOCK_GRAIN_MS = 1;

/**
 * The serial round trips of a step: the longest chain of requests in which each one arrived after the one
 * before had been answered (so it waited for it, through a process's logic or a shared connection). With a
 * tenant's latency, each link costs one round trip, which no amount of parallel work hides. Returns the
 * chain's requests in order, `METHOD path` each.
 */
export function serialRoundTrips(log: readonly TimedRequest[]): string[] {
  const requests = [...log].sort((a, b) => a.time - b.time);
  const chains: string[][] = [];
  for (const [index, request] of requests.entries()) {
    let longest: string[] = [];
    for (let before = 0; before < index; before += 1) {
      const earlier = requests[before]!;
      const answered = earlier.time + earlier.durationMs;
      if (request.time + CLOCK_GRAIN_MS >= answered && chains[before]!.length > longest.length) {
        longest = chains[before]!;
      }
    }
    chains.push([...longest, `${request.method} ${request.path}`]);
  }
  return chains.reduce<string[]>((best, chain) => (chain.length > best.length ? chain : best), []);
}
