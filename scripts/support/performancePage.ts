/** Where `npm run bench` writes its figures. */
export const PERFORMANCE_PAGE = "docs/performance.md";

/** docs/performance.md: what the figures mean and what users can set, around one bench run's report. */
export function performancePage(report: string): string {
  return `# Performance

What a \`pulumi preview\` or \`pulumi up\` of a program using this package costs, and what you can set to cut it.
The figures below come from one run of \`npm run bench\` (the command and machine are under the tables);
rerun it to measure your own machine.

## Where the time goes

A Pulumi TypeScript program with dynamic resources runs two Node processes: the program, and the engine's
dynamic-provider host, which the engine starts when the program registers its first dynamic resource. The
host spends most of its start loading \`@pulumi/pulumi\`; this package then loads only what each provider
method needs:

- The program stores a few written-out lines as each resource's provider (they load this package's
  implementation by name), instead of having Pulumi serialize a function, which costs the program about
  0.4 s at its first dynamic resource.
- \`check\` and \`diff\` (all a preview runs) load one resource's schema and \`zod\`: not axios, jose, the
  emulator or the other resource's schema. The HTTP client is loaded on the first request (create, read,
  update, delete).
- Requests to one tenant share one keep-alive connection per process (token and API calls).
- A preview without changes sends no request from the provider; the program's \`getTenantSettings\` sends
  its read (and a token request).
- \`pulumi refresh\` and \`pulumi up --refresh\` run a preview pass and then the real pass, in two provider
  processes. The reads of the first pass are kept for the second (in files of mode 0600 under the system
  temp directory, for at most 15 minutes, keyed by that one \`pulumi\` command; they never hold a secret),
  so a refresh reads each object once and fetches one token. Linux only (it finds the command through
  \`/proc\`); elsewhere the second pass reads again.

What is left is the floor of any dynamic provider: the engine starts the host through a shell script that
runs \`node\` twice (once to find the host's script, once for the host), and the host loads \`@pulumi/pulumi\`
(the "require @pulumi/pulumi" column below) before it loads any provider. No provider code can remove that;
\`NODE_COMPILE_CACHE\` shortens it.

## What you can set

**\`NODE_COMPILE_CACHE\`** (Node 22.1 or later): export it to a directory, and Node keeps the compiled code of
every module it loads there, for the program and the provider processes alike (the engine passes the
environment to both). Subsequent runs skip compiling \`@pulumi/pulumi\`, which is most of each process's start.
In CI, point it at a directory the job caches between runs:

\`\`\`yaml
env:
  NODE_COMPILE_CACHE: \${{ github.workspace }}/.node-compile-cache
steps:
  - uses: actions/cache@v4
    with:
      path: .node-compile-cache
      key: node-compile-cache-\${{ runner.os }}-\${{ hashFiles('package-lock.json') }}
\`\`\`

(examples/ci/github-actions.yml does this.) Locally: \`export NODE_COMPILE_CACHE=~/.cache/node-compile-cache\`.

**\`PULUMI_NODEJS_TRANSPILE_ONLY=true\`** skips ts-node's type check of the program; type-check it with \`tsc\`
instead. It changes little here (the program is small), but more for large programs.

**\`pulumi refresh --skip-preview\`** or the Automation API (which passes it) run the refresh once, without
its preview pass.

## Figures

The provider-load table compares this build with another build given by \`--compare-provider <dir>\` (for
the figures below: the package at commit b394c8b, before the lazy loading, built into a separate directory).

${report}
`;
}
