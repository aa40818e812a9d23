/** One request as the emulator logged it: when it arrived, how long its answer took, on which connection. */
export interface TimedRequest {
  readonly method: string;
  readonly path: string;
  /** Arrival, in UNIX milliseconds (whole milliseconds). */
  readonly time: number;
  readonly durationMs: number;
  /** The TCP connection it came on: each process of a Pulumi command sends its requests over its own. */
  readonly connection: number;
}

/** The clock of `time` counts whole milliseconds: a request this close after an answer came after it. */
const CLOCK_GRAIN_MS = 1;

/** An object id in a path (`tem_…`) as `{id}`, so the chains of runs on different tenants read alike. */
function route(request: TimedRequest): string {
  return `${request.method} ${request.path.replace(/\/[a-z]+_[A-Za-z0-9]{8,}(?=\/|$)/g, "/{id}")}`;
}

/** The longest chain of `requests` in which each one arrived after the one before had been answered. */
function longestChain(requests: readonly TimedRequest[]): string[] {
  const sorted = [...requests].sort((a, b) => a.time - b.time);
  const chains: string[][] = [];
  for (const [index, request] of sorted.entries()) {
    let longest: string[] = [];
    for (let before = 0; before < index; before += 1) {
      const earlier = sorted[before]!;
      const answered = earlier.time + earlier.durationMs;
      if (request.time + CLOCK_GRAIN_MS >= answered && chains[before]!.length > longest.length) {
        longest = chains[before]!;
      }
    }
    chains.push([...longest, route(request)]);
  }
  return chains.reduce<string[]>((best, chain) => (chain.length > best.length ? chain : best), []);
}

/**
 * The serial round trips of a step: the longest chain of requests of one process (one connection) in which
 * each arrived after the one before had been answered, so it waited for it. With a tenant's latency each
 * link costs a round trip that no parallel work hides; the processes of a command (the program, the
 * provider) run side by side, so the step's critical path is the longest of their chains. Returns it as
 * `METHOD path` (ids as `{id}`).
 */
export function serialRoundTrips(log: readonly TimedRequest[]): string[] {
  const byConnection = new Map<number, TimedRequest[]>();
  for (const request of log) {
    byConnection.set(request.connection, [...(byConnection.get(request.connection) ?? []), request]);
  }
  return [...byConnection.values()]
    .map(longestChain)
    .reduce<string[]>((best, chain) => (chain.length > best.length ? chain : best), []);
}
