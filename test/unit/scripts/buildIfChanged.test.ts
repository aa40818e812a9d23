import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script of the repository
const { builtFrom, inputsDigest, STAMP } = require("../../../scripts/build-if-changed.js") as {
  builtFrom: (root: string, digest: string) => boolean;
  inputsDigest: (root: string) => string;
  STAMP: string;
};

const ENTRY_POINTS = ["dist/index.js", "dist/provider/index.js", "dist/emulator/cli.js", "dist/cli/main.js"];

describe("npm start's build: only when its inputs changed", () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "build-if-changed-"));
    write("package.json", "{}");
    write("src/index.ts", "export const a = 1;\n");
    write("src/cli/main.ts", "export {};\n");
    for (const file of ENTRY_POINTS) write(file, "");
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("skips the build when dist/ was built from the same sources", () => {
    const digest = inputsDigest(root);
    write(STAMP, `${digest}\n`);
    expect(builtFrom(root, inputsDigest(root))).toBe(true);
  });

  it.each([
    ["a source changed", () => write("src/cli/main.ts", "export const b = 2;\n")],
    ["a source was added", () => write("src/extra.ts", "\n")],
    ["the build's settings changed", () => write("tsconfig.build.json", "{}")],
    ["the package changed", () => write("package.json", '{ "version": "2" }')],
  ])("builds when %s", (_case, change) => {
    write(STAMP, `${inputsDigest(root)}\n`);
    change();
    expect(builtFrom(root, inputsDigest(root))).toBe(false);
  });

  it("builds when dist/ has no record of its inputs (a build the script did not run), or lacks an entry point", () => {
    expect(builtFrom(root, inputsDigest(root))).toBe(false);
    write(STAMP, `${inputsDigest(root)}\n`);
    rmSync(join(root, "dist/provider/index.js"));
    expect(builtFrom(root, inputsDigest(root))).toBe(false);
  });
});
