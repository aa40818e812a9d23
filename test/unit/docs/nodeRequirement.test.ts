import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

describe("the Node.js requirement", () => {
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
  const major = /^>=(\d+)$/.exec(engines)?.[1];

  it("is one lower bound in package.json's engines", () => {
    expect(major).toBeDefined();
  });

  it("is stated once in the README, as engines says", () => {
    const stated = [...read("README.md").matchAll(/Node\.js\s*>=\s*(\d+)/g)].map((match) => match[1]);
    expect(stated).toEqual([major]);
  });

  it("is what the toolchain script provides for the clone's commands", () => {
    expect(read("scripts/toolchain.sh")).toContain(`"$(_node_major)" -ge ${major ?? "?"}`);
  });
});
