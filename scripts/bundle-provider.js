// Replaces dist/provider/index.js (tsc's output) with one file holding it and every module of this package it
// loads. It loads the rest as the other entries do: zod, axios and liquidjs from dist/vendor/
// (scripts/bundle-vendor.js, which runs first), @pulumi/pulumi (the engine's host has loaded it already) and
// jose (only a private-key client loads it) from node_modules.
//
// Why: the engine starts a new dynamic-provider process for every command, so every preview pays for loading
// the provider again, and the engine waits for it. Part of that is Node finding, reading and compiling files;
// one file without comments or indentation costs less. Each module keeps its lazy start: its code runs when it
// is first required, as before (esbuild wraps each in a function), and a vendored package's file is read only
// then (a check that sends no request reads no axios: test/e2e/providerLoad.test.ts).
// Every other entry (the package index, the CLI, the emulator) stays as tsc wrote it.
"use strict";

const { writeFileSync } = require("node:fs");
const { basename, join } = require("node:path");

const esbuild = require("esbuild");

const root = join(__dirname, "..");
const entry = join(root, "dist/provider/index.js");

/** A module's require of a vendored package, taken as one from the bundle's own folder (dist/provider/). */
const vendoredOutside = {
  name: "vendored-outside",
  setup(build) {
    build.onResolve({ filter: /(^|\/)vendor\/[^/]+\.js$/ }, (args) => ({
      path: `../vendor/${basename(args.path)}`,
      external: true,
    }));
  },
};

async function bundle() {
  const { outputFiles, metafile } = await esbuild.build({
    entryPoints: [entry],
    // Written over the entry below: esbuild does not write over its input. A sibling folder, so that the map's
    // paths (relative to it) hold in dist/provider/ too.
    outfile: join(root, "dist/provider-bundle/index.js"),
    write: false,
    metafile: true,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    external: ["@pulumi/pulumi", "jose"],
    // Whitespace and syntax only: identifiers keep their names, so errors and stack traces read as in src/.
    minifyWhitespace: true,
    minifySyntax: true,
    // Maps back through tsc's maps to src/, with its sources, as every other dist/ file does.
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [vendoredOutside],
  });
  const packaged = Object.keys(metafile.inputs).filter((input) => input.includes("node_modules/"));
  if (packaged.length > 0) {
    throw new Error(
      `the provider bundle would hold another package's modules (${packaged.slice(0, 3).join(", ")}): ` +
        "vendor the package (scripts/bundle-vendor.js) or keep it external",
    );
  }
  for (const file of outputFiles) writeFileSync(join(entry, "..", basename(file.path)), file.contents);
}

bundle().catch((error) => {
  console.error(error);
  process.exit(1);
});
