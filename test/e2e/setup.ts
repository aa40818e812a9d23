// Engine operations (a TypeScript program, the CLI, the provider process) take seconds each on 2 cores.
// A limit on a hung test, not on speed: a loaded machine makes each of them several times slower.
jest.setTimeout(600_000);
