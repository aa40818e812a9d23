/** Where `npm run bench` writes its figures. */
export const PERFORMANCE_PAGE = "docs/performance.md";

/** docs/performance.md: what the figures mean and what users can set, around one bench run's report. */
export function performancePage(report: string): string {
  return `# Performance

What a \`pulumi preview\`, \`up\`, \`refresh\` and \`destroy\` of a program using this package cost, in time and in
requests to the tenant, and what you can set to make them faster. The figures at the end come from one run of
\`npm run bench\` (its command and machine are under the tables); run it to measure your own machine.

## What to set

**\`NODE_COMPILE_CACHE\`** (Node 22.1 or later). Export it to a directory, and Node keeps there the compiled code
of every module it loads, for the program and for the engine's dynamic-provider process alike (the engine passes
its environment on). Later runs skip compiling \`@pulumi/pulumi\`, most of a process's start: in the figures
below a preview takes 0.2 to 0.3 s less (the next section says why not more). In CI,
point it at a directory the job caches between runs, as [examples/ci/github-actions.yml](../examples/ci/github-actions.yml)
does:

\`\`\`yaml
env:
  NODE_COMPILE_CACHE: \${{ github.workspace }}/.node-compile-cache
steps:
  - uses: actions/cache@v4
    with:
      path: .node-compile-cache
      key: node-compile-cache-\${{ runner.os }}-node22-\${{ hashFiles('package-lock.json') }}
\`\`\`

Locally: \`export NODE_COMPILE_CACHE=~/.cache/node-compile-cache\` in your shell profile. \`npm start\` in this
repository sets it to \`.pulumi-local/node-compile-cache\`.

**\`PULUMI_NODEJS_TRANSPILE_ONLY=true\`** skips ts-node's type check of the program at every \`pulumi\`
command; type-check with \`tsc --noEmit\` in a CI step instead. The type check is the same with or without this
package (our declarations add about 0.1 s to a \`tsc\` run), but it varies by seconds from run to run, so the bench
runs every program, ours and the baselines, with this setting.

Nothing needs setting for the rest: a refresh reads each object once, and requests share connections.

## Where the time goes

A Pulumi TypeScript program with dynamic resources runs in two Node processes: the program, and the engine's
dynamic-provider process, which the engine starts when the program registers its first dynamic resource. That
process is started by a shell script that runs \`node\` twice (once to find the script, once to run it) and
loads all of \`@pulumi/pulumi\` before any provider code. That is the **floor** of every dynamic provider,
whatever it does: the "floor" series below is a program with two dynamic resources whose provider does nothing.
What this package adds on top of it:

- **The program** imports the package without loading any of its dependencies: the resource classes are apart
  from their providers, and \`getTenantSettings\`, the template functions and \`private_key_jwt\` signing load
  theirs (axios, zod, liquidjs, jose) on first use.
- **Each resource's provider** is stored in state as a few written-out lines that load this package's
  implementation by name, instead of a function that Pulumi serializes (which costs the program about 0.4 s
  at its first dynamic resource). The type tokens and the rest of the state are as before.
- **The provider process** loads only what each method needs: \`check\` and \`diff\` (all a preview runs for
  a resource in state) load zod, liquidjs and one resource's schema; the HTTP client is loaded with the first
  request.
- **A preview without changes** sends no request from the provider; the program's \`getTenantSettings\` sends
  its read and a token request. **A preview with a create or an update** also checks, before anything is
  written, the token's scopes and what the write needs (one token; one CAPTCHA read for the plan's bot
  detection; one settings read for the tenant's phone generation) and reads the tenant's friendly name for the
  SMS preview.
- **Requests to one tenant share a keep-alive connection** per process, token and API calls alike.
- **\`pulumi refresh\`** runs a preview pass and then the real pass, in two provider processes. The reads of
  the first pass are kept for the second (files of mode 0600 in a directory of mode 0700 under the system
  temp directory, at most 15 minutes, keyed by that one \`pulumi\` command; a read never holds a secret), so a
  refresh reads each object once and fetches one token (test/e2e/roundTrips.test.ts checks it through the
  CLI). Linux only, as the \`pulumi\` command is found through \`/proc\`; elsewhere the real pass reads again.

## NODE_COMPILE_CACHE helps the program more than the provider process

Pulumi's program runner switches a V8 flag on at start (\`--allow-natives-syntax\`, for its function
serializer), and V8 refuses code cached under other flags. With one \`NODE_COMPILE_CACHE\` for both processes,
the provider process refuses most of what the program stored: after one \`pulumi preview\` of an empty program,
\`NODE_DEBUG_NATIVE=COMPILE_CACHE node -e 'require("@pulumi/pulumi")'\` reports 567 of its 753 modules'
entries rejected; it then stores its own, which the next program run refuses in turn. Each preview gains in one
of the two processes, not both: in the figures below the empty program (no provider process) gains about 0.2 s
with the cache, and this package's previews about as much, not twice that. Node does not let
\`--allow-natives-syntax\` be set through \`NODE_OPTIONS\`, and the engine starts the provider process
itself, so no setting gives the two processes separate caches. It is still worth setting.

## The preview targets

Two ratios say how close a preview of examples/basic comes to what cannot be avoided. Beside the **floor**
(two dynamic resources that do nothing), the target is 1.10: what the package adds on top of any dynamic
provider. Beside the **empty program**, the target of 1.5 cannot be met on this machine, where the floor alone
is about 1.4 to 1.5 times the empty program. What the package spends above the floor: \`check\` loads zod,
liquidjs and the schemas in the provider process (the "ours in total" column), which the engine waits for; a
preview that creates or updates also makes the write check (the HTTP client, one token, two reads); and the
program's \`getTenantSettings\` loads the client (axios and zod, about 50 ms) and reads the settings, which
overlaps the provider process's start but shares the machine's two cores with it. The ratios are in the
second table below; the floor's own spread (min – max) is as wide as the difference from the target.

## Figures

With \`--compare-provider <dir>\`, the bench also measures another build of the package beside this one
(built in a separate clone); the figures below are this build's alone. Every program, the baselines included, runs with \`PULUMI_NODEJS_TRANSPILE_ONLY=true\`; the lifecycle runs through the Automation API, whose
\`up\`, \`refresh\` and \`destroy\` skip their preview pass.

${report}
`;
}
