import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";

import { ZOD_API } from "../../../src/wire/schema";

// What scripts/bundle-vendor.js leaves in dist/ (the unit tests run after the build).
const DIST = path.resolve(__dirname, "../../../dist");
const VENDORED = ["zod", "axios", "liquidjs"];

function* modules(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(file);
    else if (entry.name.endsWith(".js")) yield file;
  }
}

/** What requiring `file` in a fresh Node process loads from node_modules, and what `probe` says of its exports. */
function loadAlone(file: string, probe: string): { fromNodeModules: string[]; probed: unknown } {
  const output = execFileSync(
    process.execPath,
    [
      "-e",
      `const exported = require(${JSON.stringify(file)});
       const fromNodeModules = [...new Set(Object.keys(require.cache)
         .map((loaded) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(loaded)?.[1]).filter(Boolean))];
       console.log(JSON.stringify({ fromNodeModules, probed: (${probe})(exported) }));`,
    ],
    { encoding: "utf8", timeout: 60_000 },
  );
  return JSON.parse(output) as { fromNodeModules: string[]; probed: unknown };
}

describe("the vendored packages", () => {
  it("are what every dist/ module loads zod, axios and liquidjs from, but the provider's own bundle", () => {
    const byName = new RegExp(`require\\("(${VENDORED.join("|")})(/[^"]*)?"\\)`);
    const vendored = new RegExp(`require\\("(\\.\\.?/)+vendor/(${VENDORED.join("|")})\\.js"\\)`, "g");
    const loading: string[] = [];
    const loadingZod: string[] = [];
    for (const file of modules(DIST)) {
      const relative = path.relative(DIST, file);
      if (relative.startsWith("vendor/") || relative === "provider/index.js") continue;
      const text = readFileSync(file, "utf8");
      expect([relative, byName.exec(text)?.[0]]).toEqual([relative, undefined]);
      for (const match of text.matchAll(vendored)) {
        // The relative path holds from where the module is.
        expect(require.resolve(match[0].slice(9, -2), { paths: [path.dirname(file)] })).toBe(
          path.join(DIST, "vendor", `${match[2]}.js`),
        );
        loading.push(match[2]!);
        if (match[2] === "zod") loadingZod.push(relative);
      }
    }
    expect([...new Set(loading)].sort()).toEqual([...VENDORED].sort());
    // The vendored zod holds ZOD_API's members alone, which the compiler holds schema()'s builders to: a module
    // loading zod itself could use any other, and find it missing only at run time.
    expect([...new Set(loadingZod)]).toEqual([path.join("wire", "schema.js")]);
  });

  it("load nothing from node_modules, and leave out zod's locales but English and axios's form-data", () => {
    const zod = loadAlone(
      path.join(DIST, "vendor/zod.js"),
      `({ z }) => [Object.keys(z).sort(), Object.isFrozen(z),
        z.strictObject({ a: z.string() }).safeParse({ a: 1 }).error.issues[0].message]`,
    );
    expect(zod).toEqual({
      fromNodeModules: [],
      probed: [[...ZOD_API].sort(), true, "Invalid input: expected string, received number"],
    });
    // German's and French's words for "input" and "characters": no locale but English is bundled.
    expect(readFileSync(path.join(DIST, "vendor/zod.js"), "utf8")).not.toMatch(
      /Eingabe|Zeichen|entrée|caractères/,
    );
    const axios = loadAlone(
      path.join(DIST, "vendor/axios.js"),
      "(axios) => [typeof axios.get, typeof axios.isAxiosError]",
    );
    expect(axios).toEqual({ fromNodeModules: [], probed: ["function", "function"] });
    expect(readFileSync(path.join(DIST, "vendor/axios.js"), "utf8")).not.toMatch(/mime-db|form-data\/lib/);
    const liquid = loadAlone(
      path.join(DIST, "vendor/liquidjs.js"),
      "({ Liquid }) => new Liquid().parseAndRenderSync('{{ x | upcase }}', { x: 'ok' })",
    );
    expect(liquid).toEqual({ fromNodeModules: [], probed: "OK" });
  });

  it("send a request with axios without loading undici, Node's fetch, which axios's fetch adapter loads", () => {
    // In a fresh process: a server on loopback, and the request the package's client makes through axios's
    // http adapter. Node's global FormData and fetch are undici's: reading either loads it.
    const output = execFileSync(
      process.execPath,
      [
        "-e",
        `const http = require("node:http");
         const axios = require(${JSON.stringify(path.join(DIST, "vendor/axios.js"))});
         const server = http.createServer((request, response) => response.end(JSON.stringify({ method: request.method })));
         server.listen(0, "127.0.0.1", async () => {
           const client = axios.create({ adapter: "http", responseType: "text" });
           const url = "http://127.0.0.1:" + server.address().port + "/";
           const answer = await client.post(url, { a: 1 });
           let fetchAdapter = "chosen";
           try { axios.getAdapter("fetch"); } catch (error) { fetchAdapter = error.code; }
           const undici = process.moduleLoadList.filter((name) => name.includes("undici"));
           server.close();
           console.log(JSON.stringify({ answer: answer.data, fetchAdapter, undici }));
         });`,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(JSON.parse(output)).toEqual({
      answer: '{"method":"POST"}',
      fetchAdapter: "ERR_NOT_SUPPORT",
      undici: [],
    });
  });

  it("ship the license of each package they hold, at the version installed", () => {
    const licenses = readFileSync(path.join(DIST, "vendor/LICENSES.txt"), "utf8");
    const listed = new Map(
      [...licenses.matchAll(/^((?:@[^/\s]+\/)?[^@\s]+)@(\d[^\s]*) \(/gm)].map((match) => [
        match[1],
        match[2],
      ]),
    );
    for (const name of VENDORED) {
      const { version } = JSON.parse(
        readFileSync(path.resolve(DIST, "../node_modules", name, "package.json"), "utf8"),
      ) as { version: string };
      expect([name, listed.get(name)]).toEqual([name, version]);
    }
    for (const name of ["form-data", "mime-db"]) expect(listed.has(name)).toBe(false);
  });
});
