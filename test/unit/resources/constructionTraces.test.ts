import { resolve } from "node:path";

import { programFramesOnly } from "../../../src/engine/constructionTraces";

const root = resolve(__dirname, "../../..");

/** A declaration's trace as ts-node formats it when examples/fleet declares a BotDetection. */
const TRACE = [
  "Error",
  "    at Resource.callsites (/p/node_modules/@pulumi/pulumi/resource.js:327:32)",
  "    at Resource.stackTrace (/p/node_modules/@pulumi/pulumi/resource.js:349:34)",
  "    at new Resource (/p/node_modules/@pulumi/pulumi/resource.js:282:37)",
  "    at new CustomResource (/p/node_modules/@pulumi/pulumi/resource.js:470:9)",
  `    at new TenantAdminDynamicResource (${root}/src/resources/tenantObject/program/dynamicResource.ts:62:7)`,
  `    at new BotDetection (${root}/src/resources/botDetection/resource.ts:60:5)`,
  "    at manageTenant (/home/me/fleet/index.ts:26:3)",
  "    at Array.map (<anonymous>)",
  "    at Object.<anonymous> (/home/me/fleet/index.ts:57:17)",
  "    at Module._compile (node:internal/modules/cjs/loader:1730:14)",
  "    at Module.m._compile (/p/node_modules/ts-node/src/index.ts:1618:23)",
  "    at node:internal/main/run_main_module:36:49",
  "    at /p/node_modules/@pulumi/pulumi/cmd/run/run.ts:541:33",
].join("\n");

describe("the trace of a declaration the SDK stores in state", () => {
  it("keeps the frames the SDK skips by count, then the program's own frames only", () => {
    expect(programFramesOnly(TRACE).split("\n")).toEqual([
      ...TRACE.split("\n").slice(0, 6),
      "    at manageTenant (/home/me/fleet/index.ts:26:3)",
      "    at Array.map (<anonymous>)",
      "    at Object.<anonymous> (/home/me/fleet/index.ts:57:17)",
    ]);
  });

  it("keeps a program that lives beside this package's code (examples/ in a clone)", () => {
    const trace = TRACE.replace("/home/me/fleet/index.ts", `${root}/examples/fleet/index.ts`);
    expect(programFramesOnly(trace)).toContain(`at manageTenant (${root}/examples/fleet/index.ts:26:3)`);
  });

  it("leaves a trace without this package's base constructor as it is", () => {
    const other = TRACE.replace("new TenantAdminDynamicResource", "new SomethingElse");
    expect(programFramesOnly(other)).toBe(other);
  });
});
