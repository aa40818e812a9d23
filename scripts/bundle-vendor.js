// Writes dist/vendor/<package>.js, one file for each package that the package's modules load on first use
// (zod, axios, liquidjs), and points every require of them in dist/ there. Runs after tsc, before
// scripts/bundle-provider.js, whose bundle loads them from here too.
//
// Why: a program's first `getTenantSettings` and the engine's provider process at its first check load them.
// From node_modules, Node finds, reads and compiles each of their files (zod has some 80 besides its locales);
// one file each, without the modules the package never runs (LEFT_OUT, and zod's that its schemas never
// reach), costs a fraction of the CPU (docs/performance.md). jose stays in node_modules: only
// `private_key_jwt` signing loads it.
"use strict";

const { mkdirSync, readFileSync, readdirSync, writeFileSync } = require("node:fs");
const { dirname, join, relative } = require("node:path");

const esbuild = require("esbuild");

const root = join(__dirname, "..");
const dist = join(root, "dist");
const vendorDir = join(dist, "vendor");

/** The packages a dist/ module may load only through dist/vendor/. */
const VENDORED = ["zod", "axios", "liquidjs"];

/**
 * Modules of the vendored packages that the package never runs, written in as the few lines it does use, so
 * that no process parses and runs the rest (as webpack's IgnorePlugin leaves out moment's locales):
 * - form-data (and mime-db through it, 130 KB), axios's FormData for Node versions without one, for multipart
 *   bodies, which the package never sends;
 * - axios's fetch adapter, which src/client/http.ts never selects (it sets `adapter: "http"`). As it starts, it
 *   reads Node's global `fetch`, `Request` and `Response` and builds a `Request` and a stream to test them,
 *   which loads undici, Node's fetch (about 20 ms of CPU).
 */
const LEFT_OUT = [
  {
    name: "form-data",
    importer: /\/node_modules\/axios\//,
    request: /^form-data$/,
    contents: "module.exports = null;",
  },
  {
    name: "axios-fetch-adapter",
    importer: /\/node_modules\/axios\/lib\/adapters\/adapters\.js$/,
    request: /^\.\/fetch\.js$/,
    contents: "export const getFetch = () => false;\nexport default false;",
  },
];

/**
 * Lines of a vendored package's modules that the bundle writes otherwise, each found exactly once or the build
 * stops (a new release that moved it is read anew): axios reads Node's global `FormData` as it starts, to tell a
 * FormData body from the others, and in Node that getter loads undici. The package never sends a FormData body,
 * so the bundled axios knows none, and undici is never loaded.
 */
const REWRITTEN_LINES = [
  {
    file: /\/node_modules\/axios\/lib\/utils\.js$/,
    line: "const FormDataCtor = typeof G.FormData !== 'undefined' ? G.FormData : undefined;",
    becomes: "const FormDataCtor = undefined;",
  },
];

/**
 * What each vendored file is bundled from. zod: an ES module that imports, from zod's own ES modules, just the
 * members of `z` the package builds its schemas with (`ZOD_API` of src/wire/schema.ts, which the compiler holds
 * the schemas to), and exports them as `z`. zod marks its modules free of side effects, so esbuild leaves out
 * what those members never reach: the other schema kinds, JSON Schema, the sixty-odd locales (English, which zod
 * sets as it starts, stays). axios: its ES modules (lib/), where the fetch adapter is a module of its own that
 * LEFT_OUT can leave out, as the CommonJS value the package's modules load. liquidjs whole, as its CommonJS entry.
 */
function entryOf(name) {
  if (name === "axios")
    return { contents: 'import axios from "axios";\nmodule.exports = axios;\n', loader: "js" };
  if (name !== "zod") return { contents: `module.exports = require(${JSON.stringify(name)});`, loader: "js" };
  const { ZOD_API } = require(join(dist, "wire/schema.js"));
  const imports = ZOD_API.map((member, index) => `${member} as m${index}`).join(", ");
  const members = ZOD_API.map((member, index) => `${member}: m${index}`).join(", ");
  return {
    contents: `import { ${imports} } from "zod";\nexport const z = Object.freeze({ ${members} });\n`,
    loader: "js",
  };
}

/** Resolves each of {@link LEFT_OUT} to its lines. */
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

/** Writes {@link REWRITTEN_LINES} into the modules that hold them. */
const rewrittenLines = {
  name: "rewritten-lines",
  setup(build) {
    for (const { file, line, becomes } of REWRITTEN_LINES) {
      build.onLoad({ filter: file }, (args) => {
        const text = readFileSync(args.path, "utf8");
        const found = text.split(line).length - 1;
        if (found !== 1)
          throw new Error(`${relative(root, args.path)} holds "${line}" ${found} times, not once`);
        return { contents: text.replace(line, becomes), loader: "js" };
      });
    }
  },
};

/** The license notices of the packages among esbuild's inputs, one after another. */
function licenseNotices(inputs) {
  const packageDirs = new Set(
    inputs.map((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]).filter(Boolean),
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
  return `Packages bundled into the files of this folder, with their licenses.\n\n${notices.join("\n" + "-".repeat(78) + "\n\n")}`;
}

async function bundleVendored() {
  mkdirSync(vendorDir, { recursive: true });
  const inputs = [];
  for (const name of VENDORED) {
    const { metafile } = await esbuild.build({
      stdin: { ...entryOf(name), resolveDir: root },
      outfile: join(vendorDir, `${name}.js`),
      metafile: true,
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node22",
      // Whitespace and syntax only: identifiers keep their names, so a stack trace through them still reads.
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: "eof",
      logLevel: "warning",
      plugins: [leftOut, rewrittenLines],
    });
    inputs.push(...Object.keys(metafile.inputs));
  }
  writeFileSync(join(vendorDir, "LICENSES.txt"), licenseNotices(inputs));
}

function* distModules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && path !== vendorDir) yield* distModules(path);
    else if (entry.isFile() && entry.name.endsWith(".js")) yield path;
  }
}

/** Rewrites `require("zod")` and its kind in tsc's output to the vendored file; a subpath stops the build. */
function pointRequiresAtVendor() {
  const request = new RegExp(`require\\("(${VENDORED.join("|")})(/[^"]*)?"\\)`, "g");
  for (const file of distModules(dist)) {
    const text = readFileSync(file, "utf8");
    const rewritten = text.replace(request, (whole, name, subpath) => {
      if (subpath !== undefined) {
        throw new Error(`${relative(root, file)}: ${whole} loads a part of ${name}; load ${name} itself`);
      }
      const target = relative(dirname(file), join(vendorDir, `${name}.js`));
      return `require(${JSON.stringify(target.startsWith(".") ? target : `./${target}`)})`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

bundleVendored()
  .then(pointRequiresAtVendor)
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
