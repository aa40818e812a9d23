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
of every module the program process loads. Later runs skip compiling \`@pulumi/pulumi\`, most of the program's
start (in the figures below, the NODE_COMPILE_CACHE column and series against the others). The engine's dynamic-provider process gains
little from it (the section [below](#node_compile_cache-in-each-process) says why). In CI,
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
  theirs (axios, zod, liquidjs, jose) on first use; the template functions load the package's own template
  rules then too, so an import loads none of them. \`getTenantSettings\` and \`getAttackProtection\` load the
  client one turn of the event loop after they are called: a program calls them while the SDK is still sending
  its resources' registrations, the first of which starts the engine's provider process, and the load would
  hold them back (test/unit/resources/programFunctions.order.test.ts).
- **Each resource's provider** is stored in state as a few written-out lines that load this package's
  implementation by name, instead of a function that Pulumi serializes (which costs the program about 0.4 s
  at its first dynamic resource). The type tokens and the rest of the state are as before.
- **Each resource's constructor** leaves the SDK's promise traces unformatted. The SDK makes four promises for
  each input of a resource and reads a stack trace for each at once, for its report of promises left pending at
  exit, which prints them only under \`PULUMI_DEBUG_PROMISE_LEAKS\`; under ts-node every frame of each was mapped
  through source maps, and all of a program's constructors run before the engine hears of its first resource,
  so the engine started the provider process that much later. While a resource of this package is
  constructed, each of those traces is its error's first line; every other trace (the resource's source
  position, an error the construction throws, a trace a transformation reads) goes to the program's formatter
  as before, and so do these when \`PULUMI_DEBUG_PROMISE_LEAKS\` is set (test/unit/resources/promiseTraces.test.ts).
- **The provider process** loads one file of this package, \`dist/provider/index.js\`: the build bundles the
  provider's modules with zod, liquidjs and axios into it (scripts/bundle-provider.js; whitespace and syntax
  minified, names kept, a source map back to src/), so Node does not look up, read and compile some 300 files
  in node_modules each time the engine starts the process. Each module in it still runs at its first use.
  Two modules the provider never runs are left out of it, so the process does not parse them each time: zod's
  index of its sixty-odd locales (zod keeps English, from its own module) and axios's form-data with mime-db, for
  multipart bodies, which the provider never sends. No preview loads jose, which stays outside the bundle: the
  token's scopes are read by decoding its claims; only \`private_key_jwt\` signing loads jose. At a preview that
  creates or updates, the first request is the token's.
- **A preview without changes** sends no request from the provider; the program's \`getTenantSettings\` sends
  its read and a token request. **A preview with a create or an update** also checks, before anything is
  written, the token's scopes and what the write needs (one token; one CAPTCHA read for the plan's bot
  detection; for phone messages, one settings read of the tenant's phone generation and friendly name, which
  every template's SMS preview in the process shares). A preview that creates a \`PhoneNotificationTemplate\`
  also reads the tenant's template list once, shared by every template it creates, to refuse a type someone
  else already customized.
- **The serial round trips** of a create preview of examples/basic, at a tenant's latency, are four, all in
  the provider process: the token, then the CAPTCHA read, the template list and the settings read one after
  the other, on the process's one keep-alive connection (a second connection would cost its own TCP and TLS
  handshakes, a round trip or more each, to save one). The token must come first, and the three reads are
  what the write check, the ownership check and the SMS previews need. The program's token and settings read
  run beside them, in its own process. The bench shows each step's chain.
- **Requests to one tenant share a keep-alive connection** per process, token and API calls alike.
- **\`pulumi refresh\`** runs a preview pass and then the real pass, in two provider processes. The reads of
  the first pass are kept for the second (files of mode 0600 in a directory of mode 0700 under the system
  temp directory, at most 15 minutes, keyed by that one \`pulumi\` command; a read never holds a secret; a
  process deletes expired files beside its work, and its first cached read does not wait for that), so a
  refresh reads each object once and fetches one token (test/e2e/roundTrips.test.ts checks it through the
  CLI). Linux only, as the \`pulumi\` command is found through \`/proc\`; elsewhere the real pass reads again.

## NODE_COMPILE_CACHE in each process

Measured on Node 24 with a preview of examples/basic, the cache directory's contents and
\`NODE_DEBUG_NATIVE=COMPILE_CACHE\`:

- **The program process** reads the cache and, when it exits, writes an entry for each module it loaded:
  1,259 after the first preview, the same 1,259 after more.
- **The dynamic-provider process** writes nothing: the engine ends it with SIGINT to its process group, and
  Node writes the cache only when a process exits normally. The file only it loads
  (\`pulumi-tenant-admin/provider\`) has no entry after any number of previews. What the program stored, it
  mostly cannot use: Pulumi's program runner switches a V8 flag on at start (\`--allow-natives-syntax\`, for
  its function serializer), and V8 refuses code cached under other flags; a process that loads
  \`@pulumi/pulumi\` as the provider host does (\`node -e 'require("@pulumi/pulumi")'\`) rejects 567 of its
  753 modules' entries.
- **Flushing from the provider process** (\`module.flushCompileCache()\`, Node 23 or later, after each
  \`check\` or \`diff\` that loaded modules) does not make later previews faster: it adds 13 entries to the
  program's 1,259, and previews were slower with it, medians of 7 interleaved previews 4.36 s against 3.48 s
  without, and 7.09 s against 5.27 s in a second run (a machine with load 8 to 12 on 2 cores). So the
  provider does not flush.

Node does not let \`--allow-natives-syntax\` be set through \`NODE_OPTIONS\`, and the engine starts the
provider process itself, so no setting gives the two processes separate caches. It is still worth setting, for
the program.

## The preview targets

Two ratios say how close a preview of examples/basic comes to what cannot be avoided. Beside the **floor**
(two dynamic resources that do nothing), the target is 1.10: what the package adds on top of any dynamic
provider. Beside the **empty program**, the target is 1.5, of which the floor alone takes the first ratio of the
second table below. What the package spends above the floor: \`check\` loads zod,
liquidjs and the schemas in the provider process (the "ours in total" column), which the engine waits for; a
preview that creates or updates also makes the write check (the HTTP client, one token, two reads); and the
program's \`getTenantSettings\` loads the client (axios and zod, about 50 ms) and reads the settings, which
overlaps the provider process's start but shares the machine's two cores with it. The ratios are in the
second table below; the floor's own spread (min – max) is as wide as the difference from the target, and on a
machine shared with other work (a load average above its cores in the footer) medians move by a second or more
from one run to the next: compare within one run.

## Figures

With \`--compare-provider <dir>\` (repeatable), the bench also measures other builds of the package (each
built in a separate clone) in the same interleaved runs: their provider load, their create preview's checks,
and a fresh-stack preview of examples/basic beside the floor; the compared build below is the package before
jose left the preview, the settings were read once and the token request went first. Machine load varies
between runs: compare the builds by their ratios and medians within one run. \`npm run bench -- --focus
create-preview\` measures the create preview's checks alone. Every program, the baselines included, runs with \`PULUMI_NODEJS_TRANSPILE_ONLY=true\`; the lifecycle runs through the Automation API, whose
\`up\`, \`refresh\` and \`destroy\` skip their preview pass.

${report}
`;
}
