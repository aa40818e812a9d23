// Replaces dist/provider/index.js (tsc's output) with one file holding it and everything it loads, but
// @pulumi/pulumi (the engine's host has loaded it already) and jose (only a private-key client loads it).
//
// Why: the engine starts a new dynamic-provider process for every command, so every preview pays for loading
// the provider again, and the engine waits for it. Part of that is Node finding, reading and compiling some 300
// files (zod's and axios's above all); one file without comments or indentation costs less. Each module keeps
// its lazy start: its code runs when it is first required, as before (esbuild wraps each in a function).
// Every other entry (the package index, the CLI, the emulator) stays as tsc wrote it.
"use strict";

const { readFileSync, readdirSync, writeFileSync } = require("node:fs");
const { basename, dirname, join } = require("node:path");

const esbuild = require("esbuild");

const root = join(__dirname, "..");
const entry = join(root, "dist/provider/index.js");

/**
 * Modules of bundled packages that the provider never runs, written in as the few lines it does use, so that
 * the process does not parse and run the rest each time (as webpack's IgnorePlugin leaves out moment's
 * locales):
 * - zod's index of its locales (`z.locales`): some sixty translations of its messages, a quarter of the
 *   bundle. zod sets English from its own module, which stays, and the provider's messages are its own.
 * - form-data (and mime-db through it, 130 KB): axios's FormData for Node versions without one. Without it
 *   axios takes Node's own FormData for a multipart body, which the provider never sends.
 */
const LEFT_OUT = [
  {
    name: "zod/v4/locales/index.cjs",
    importer: /\/node_modules\/zod\/v4\/(classic|core)\/[^/]+$/,
    request: /^\.\.\/locales\/index\.cjs$/,
    // en.cjs exports its function itself (`module.exports = exports.default`), as the index hands it on.
    contents: 'exports.en = require("./en.cjs");',
  },
  {
    name: "form-data",
    importer: /\/node_modules\/axios\//,
    request: /^form-data$/,
    contents: "module.exports = null;",
  },
];

/** Resolves each of {@link LEFT_OUT} to its lines, as `left-out:<name>` in the bundle's map. */
const leftOut = {
  name: "left-out",
  setup(build) {
    for (const { name, importer, request, contents } of LEFT_OUT) {
      build.onResolve({ filter: request }, (args) =>
        importer.test(args.importer)
          ? {
              path: name,
              namespace: "left-out",
              pluginData: { contents, resolveDir: join(args.resolveDir, dirname(args.path)) },
            }
          : undefined,
      );
    }
    build.onLoad({ filter: /.*/, namespace: "left-out" }, (args) => ({ loader: "js", ...args.pluginData }));
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
    legalComments: "eof",
    logLevel: "warning",
    plugins: [leftOut],
  });
  for (const file of outputFiles) {
    const target = join(entry, "..", basename(file.path));
    if (!target.endsWith(".map")) {
      writeFileSync(target, file.contents);
      continue;
    }
    // The map carries src/'s sources, as tsc's maps do; the bundled packages' sources are in node_modules, so
    // their copies are left out (they would double the map's size).
    const map = JSON.parse(file.text);
    map.sourcesContent = map.sources.map((source, index) =>
      source.includes("node_modules/") ? null : map.sourcesContent[index],
    );
    writeFileSync(target, JSON.stringify(map));
  }

  // The bundle carries copies of other packages: their licenses go with it, one after another.
  const packageDirs = new Set(
    Object.keys(metafile.inputs)
      .map((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1])
      .filter(Boolean),
  );
  const notices = [...packageDirs].sort().map((dir) => {
    const { name, version, license } = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    const licenseFile = readdirSync(join(root, dir)).find((file) =>
      /^(licen[cs]e|copying)(\.|$)/i.test(file),
    );
    const text = licenseFile
      ? readFileSync(join(root, dir, licenseFile), "utf8").trim()
      : `License: ${license}`;
    return `${name}@${version} (${license})\n\n${text}\n`;
  });
  writeFileSync(
    `${entry}.LICENSES.txt`,
    `Packages bundled into index.js, with their licenses.\n\n${notices.join("\n" + "-".repeat(78) + "\n\n")}`,
  );
}

bundle().catch((error) => {
  console.error(error);
  process.exit(1);
});
