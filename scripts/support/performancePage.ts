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
whatever it does: the "floor" series below is a program with as many dynamic resources as examples/basic
declares (three), whose provider does nothing, as the attack-protection, phone MFA and fleet benches have theirs.
It had two until this page's run of 27 November 2026: examples/basic then declared two, and the engine's own
work per resource (a registration, a check, a step) counted as the package's for the third.
What this package adds on top of it:

- **The program** imports the package without loading any of its dependencies: the resource classes are apart
  from their providers, and \`getTenantSettings\`, the template functions and \`private_key_jwt\` signing load
  theirs (axios, zod, liquidjs, jose) on first use; the template functions load the package's own template
  rules then too, so an import loads none of them. zod, axios and liquidjs load from one file each,
  \`dist/vendor/<package>.js\` (scripts/bundle-vendor.js), without the two modules named below, rather than from
  the dozens of files each has in node_modules. \`getTenantSettings\` and \`getAttackProtection\` load the
  client one turn of the event loop after they are called: a program calls them while the SDK is still sending
  its resources' registrations, the first of which starts the engine's provider process, and the load would
  hold them back (test/unit/resources/programFunctions.order.test.ts).
- **Each resource's provider** is stored in state as one written-out line that loads this package's
  implementation by name, instead of a function that Pulumi serializes (which costs the program about 0.4 s
  at its first dynamic resource). The type tokens and the rest of the state are as before.
- **Each resource's constructor** leaves the SDK's promise traces unformatted. The SDK makes four promises for
  each input of a resource and reads a stack trace for each at once, for its report of promises left pending at
  exit, which prints them only under \`PULUMI_DEBUG_PROMISE_LEAKS\`; under ts-node every frame of each was mapped
  through source maps, and all of a program's constructors run before the engine hears of its first resource,
  so the engine started the provider process that much later. While a resource of this package is
  constructed, each of those traces is its error's first line; the trace the SDK stores as the resource's
  source position keeps the program's own frames (test/unit/resources/constructionTraces.test.ts); every other
  trace (an error the construction throws, a trace a transformation reads) goes to the program's formatter
  as before, and so do these when \`PULUMI_DEBUG_PROMISE_LEAKS\` is set (test/unit/resources/promiseTraces.test.ts).
- **The provider process** loads one file of this package, \`dist/provider/index.js\`: the build bundles the
  provider's modules into it (scripts/bundle-provider.js; whitespace and syntax minified, names kept, a source
  map back to src/), and zod, liquidjs and axios are one file each in \`dist/vendor/\`, so Node does not look up,
  read and compile some 300 files in node_modules each time the engine starts the process. Each module still
  runs at its first use, and a vendored file is read then: a check that sends no request reads no axios
  (test/e2e/providerLoad.test.ts). What the package never runs is left out of the vendored
  files, so no process parses it: axios's form-data with mime-db, for multipart bodies, which the package never
  sends; axios's fetch adapter, which the package never selects (its requests go through axios's http adapter);
  and most of zod. axios reads Node's global \`FormData\` as it starts, and the fetch adapter reads \`fetch\` and
  builds a \`Request\`: in Node each loads undici, Node's fetch. The vendored axios has no fetch adapter and knows
  no \`FormData\` (the build rewrites that one line of axios, \`REWRITTEN_LINES\` in scripts/bundle-vendor.js), so
  the package's code never loads undici (test/unit/scripts/vendorBundles.test.ts sends a request through it and
  checks). Loading the vendored axios takes 13 ms of CPU against 35 ms, and a fresh provider's first check
  (CAPTCHA, with the token and its read, at 0 ms) 88 ms against 121 ms (medians of 9 and 11 fresh Node
  processes, interleaved with the build before, after \`@pulumi/pulumi\`).
  The vendored zod holds only the members of \`z\` that the package's schemas are built
  with (\`ZOD_API\` in src/wire/schema.ts, to which the compiler holds them), bundled from zod's ES modules, so
  what they never reach is left out: the other schema kinds and the sixty-odd locales (English, which zod sets
  as it starts, stays). It is 141 KB where all of zod in one file was 348 KB, and loading it takes 11 ms of CPU
  against 33 ms (medians of 9 fresh Node processes each, interleaved, \`require\` of the file after
  \`@pulumi/pulumi\`). No preview loads jose, which stays in node_modules: the token's scopes are read by
  decoding its claims; only \`private_key_jwt\` signing loads jose. At a preview that creates or updates, the
  first request is the token's.
- **Parsing and templates** take what a short process needs. The package's zod schemas parse without zod's
  compiled fast path for objects (a per-parse setting, so a program's own schemas keep zod's): a process that
  parses each schema a few times pays more for compiling it than it gains. liquidjs is given its locale
  (\`en-US\`) rather than asking Intl for the machine's, which also makes a date filter's names the same on every
  machine (test/unit/templates/machineLocale.test.ts), and message figures group their digits without Intl.
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

## A fleet of tenants

A program over many tenants names each once in \`tenant-admin:tenants\` and passes the name
([connection](connection.md#named-tenants)); [examples/fleet](../examples/fleet/) declares six objects on each.
What shapes its cost:

- **State.** A resource's state holds its tenant's name and URL, its object's id and its own members: no
  credential, and no copy of the connection. Its provider is one written-out line, and the declaration trace the
  SDK stores keeps the program's own frames (test/e2e/fleet.test.ts checks at most 2,000 bytes per resource of
  examples/fleet). The engine writes the whole state after every step of an \`up\`, so this is what grew faster
  than the fleet.
- **Connections.** In each process (the program, the engine's one provider process) the requests to one tenant
  share one keep-alive connection and go one at a time (test/e2e/roundTrips.test.ts); different tenants have
  their own, side by side. How many resource steps run at once is the engine's \`--parallel\` setting
  (\`pulumi up --parallel N\`); the figures below use the CLI's default.
- **Reads.** Each process reads each thing of a tenant once per command: the template list once for all of a
  tenant's creates, each document once for its write check and ownership check (test/e2e/fleet.test.ts,
  test/e2e/roundTrips.test.ts).
- **Rate limits.** Each tenant's requests wait for its budget before they are sent, from the
  \`X-RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` of its answers, one budget per tenant for the whole provider
  process; the estimate errs on the side of waiting, so a throttled tenant is served a little under its limit.
  A line is printed only when one wait reaches 5 s (test/unit/client/pacing.test.ts; test/e2e/fleet.test.ts runs
  examples/fleet at 1 request/s per tenant: at most 10% of requests refused, none in its runs here).

#### examples/fleet against the floor (as many do-nothing dynamic resources), each tenant on its own emulator at 0 ms

Each cell of a step is fleet ÷ floor (the two medians). State per resource: each custom resource of
\`pulumi stack export\` as compact JSON, ours against the floor's (whose provider is a three-line function).
The last column is a separate \`up\` and destroy with every tenant limited to 1 request/s with bursts of 2
(\`tenant-emulator --rate-limit 1\`): the 429s among all requests the tenants got, the program's included.

Medians of 3 interleaved runs; command \`npm run bench -- --focus fleet --runs 3 --tenants 1,5,20\` (bench wall
time 662 s); machine: 2 × AMD EPYC, 24 GiB, Node v24.21.0, Pulumi CLI v3.259.0, shared with other work (load
average 2.45 / 3.49 / 4.83 at the start, 1.53 / 4.00 / 4.76 at the end):

| N tenants (resources) | fresh preview           | \`up\`                      | no-change preview       | destroy                 | state per resource | 429s at 1 request/s per tenant        |
| --------------------- | ----------------------- | ------------------------- | ----------------------- | ----------------------- | ------------------ | ------------------------------------- |
| 1 (6)                 | 1.20 (5.52 s vs 4.62 s) | 1.19 (6.68 s vs 5.62 s)   | 1.73 (6.83 s vs 3.94 s) | 1.47 (3.74 s vs 2.55 s) | 1368 B vs 1491 B   | 1 of 18 (up 19.95 s, destroy 1.77 s)  |
| 5 (30)                | 1.02 (5.93 s vs 5.84 s) | 1.08 (8.68 s vs 8.01 s)   | 1.70 (7.83 s vs 4.59 s) | 1.44 (4.13 s vs 2.87 s) | 1368 B vs 1493 B   | 4 of 89 (up 25.24 s, destroy 2.83 s)  |
| 20 (120)              | 1.04 (8.53 s vs 8.19 s) | 0.88 (11.80 s vs 13.40 s) | 1.04 (6.97 s vs 6.70 s) | 1.05 (5.34 s vs 5.10 s) | 1373 B vs 1498 B   | 0 of 340 (up 37.90 s, destroy 5.38 s) |

The same command with \`--runs 2\` a few minutes before (load average 6.73 at the start, 2.52 at the end):

| N tenants (resources) | fresh preview           | \`up\`                     | no-change preview       | destroy                 | state per resource | 429s at 1 request/s per tenant        |
| --------------------- | ----------------------- | ------------------------ | ----------------------- | ----------------------- | ------------------ | ------------------------------------- |
| 1 (6)                 | 0.87 (5.08 s vs 5.87 s) | 1.37 (9.44 s vs 6.87 s)  | 1.14 (6.49 s vs 5.70 s) | 1.22 (4.40 s vs 3.60 s) | 1368 B vs 1491 B   | 1 of 18 (up 20.57 s, destroy 2.46 s)  |
| 5 (30)                | 1.17 (8.30 s vs 7.12 s) | 1.27 (12.26 s vs 9.69 s) | 0.90 (6.15 s vs 6.85 s) | 0.71 (2.50 s vs 3.53 s) | 1368 B vs 1493 B   | 0 of 85 (up 26.68 s, destroy 2.65 s)  |
| 20 (120)              | 1.02 (5.78 s vs 5.68 s) | 1.03 (8.35 s vs 8.08 s)  | 1.12 (5.25 s vs 4.71 s) | 1.13 (3.80 s vs 3.37 s) | 1373 B vs 1498 B   | 2 of 342 (up 35.01 s, destroy 6.04 s) |

On this shared machine a step's ratio moves by 0.3 or more from one run to the next at N = 1 and 5 (a few
seconds each); at N = 20 both runs kept every step within 1.15 × the floor, the target for a fleet. The state per
resource is the same at every N, since nothing of a tenant's connection is copied into it.

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
(as many dynamic resources, doing nothing), the target is 1.10: what the package adds on top of any dynamic
provider. Beside the **empty program**, the target is 1.5, of which the floor alone takes the first ratio of the
second table below. What the package spends above the floor: \`check\` loads zod,
liquidjs and the schemas in the provider process (the "ours in total" column), which the engine waits for; a
preview that creates or updates also makes the write check (the HTTP client, one token, two reads); and the
program's \`getTenantSettings\` loads the client and reads the settings, which overlaps the provider process's
start but shares the machine's two cores with it. The program loads zod and axios from \`dist/vendor/\` too:
the call costs about 111 ms of CPU with its token and read (142 ms in the same run for the build before, which
loaded undici with axios), the median of 9 fresh processes of \`node -e 'require("@pulumi/pulumi"); const admin =
require("pulumi-tenant-admin"); const cpu = process.cpuUsage(); admin.getTenantSettings({ fields:
["friendlyName"] }).then(() => console.log(process.cpuUsage(cpu)))'\` in a program's directory, with
\`AUTH0_*\` naming the emulator at 0 ms, interleaved with the build before. The ratios are in the
second table below. In each run the floor's preview is timed right beside the lifecycle's first preview (at
0 ms, before it in odd runs and after it in even ones), so the two meet the machine at the same moment; the
floor's own spread (min – max) is as wide as the difference from the target, and on a
machine shared with other work (a load average above its cores in the footer) medians move by a second or more
from one run to the next: compare within one run.

## Figures

With \`--compare-provider <dir>\` (repeatable), the bench also measures other builds of the package (each
built in a separate clone) in the same interleaved runs: their provider load, their create preview's checks,
and a fresh-stack preview of examples/basic beside the floor, each in a row of its own in the tables; the
figures below were taken without it, so their rows show this build only. Machine load varies
between runs: compare the builds by their ratios and medians within one run. \`npm run bench -- --focus
create-preview\` measures the create preview's checks alone. Every program, the baselines included, runs with \`PULUMI_NODEJS_TRANSPILE_ONLY=true\`; the lifecycle runs through the Automation API, whose
\`up\`, \`refresh\` and \`destroy\` skip their preview pass.

${report}
`;
}
