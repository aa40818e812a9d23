// Engine operations (a TypeScript program, the CLI, the provider process) take seconds each on 2 cores.
jest.setTimeout(240_000);
