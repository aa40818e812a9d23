import { readFileSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The resources a program declares: each `new X(` but the config reader's. */
const declared = (source: string) =>
  [...source.matchAll(/\bnew ([A-Z]\w*|pulumi\.\w+)\(/g)].filter((match) => match[1] !== "pulumi.Config");

describe("the lifecycle bench's floor", () => {
  it("declares as many do-nothing resources as examples/basic declares resources", () => {
    const basic = declared(read("examples/basic/index.ts"));
    const floor = declared(read("scripts/bench-programs/floor/index.ts"));
    expect(basic.length).toBeGreaterThan(0);
    expect(floor.every((match) => match[1] === "Nothing")).toBe(true);
    expect(floor).toHaveLength(basic.length);
  });
});
