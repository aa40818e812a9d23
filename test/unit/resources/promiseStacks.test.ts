import * as pulumi from "@pulumi/pulumi";

import { BotDetection, CaptchaConfig } from "../../../src";

// The constructor is the program's side (wiring): what it records is tested against the SDK's mock monitor.
beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs as Record<string, unknown> }),
      call: (args) => args.inputs as Record<string, unknown>,
    },
    "project",
    "stack",
    true,
  );
});

type PrepareStackTrace = (error: Error, callSites: NodeJS.CallSite[]) => unknown;

/** How many frames each stack trace formatted during `construct` held, in order. */
function framesFormattedDuring(construct: () => void): number[] {
  const frames: number[] = [];
  // Read as a value: V8 calls it with `Error` unbound too.
  const previous = Reflect.get(Error, "prepareStackTrace") as PrepareStackTrace | undefined;
  Error.prepareStackTrace = (error, callSites): unknown => {
    frames.push(callSites.length);
    return previous === undefined ? `${String(error)}` : previous(error, callSites);
  };
  try {
    construct();
  } finally {
    Reflect.set(Error, "prepareStackTrace", previous);
  }
  return frames;
}

const declareBotDetection = (name: string) =>
  new BotDetection(name, { botDetectionLevel: "high", allowlist: ["10.0.0.0/8"] });

let limitBefore: number;
beforeEach(() => {
  limitBefore = Error.stackTraceLimit;
  // A limit of the program's own, to see it restored rather than reset to V8's default.
  Error.stackTraceLimit = 17;
});
afterEach(() => {
  Error.stackTraceLimit = limitBefore;
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
});

describe("constructing a resource", () => {
  it("records no stack trace for the SDK's promises, and takes the resource's source position", () => {
    const frames = framesFormattedDuring(() => declareBotDetection("quiet"));
    // Four promises per input (at least six inputs here), each with a trace read at once.
    expect(frames.filter((count) => count === 0).length).toBeGreaterThanOrEqual(24);
    // The one trace with frames is the SDK's source position, taken with a limit of its own.
    expect(frames.filter((count) => count > 0)).toHaveLength(1);
    expect(Error.stackTraceLimit).toBe(17);
  });

  it("keeps the traces when PULUMI_DEBUG_PROMISE_LEAKS asks for them", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
    const frames = framesFormattedDuring(() => declareBotDetection("traced"));
    expect(frames.filter((count) => count === 0)).toEqual([]);
    expect(frames.filter((count) => count > 0).length).toBeGreaterThanOrEqual(25);
    expect(Error.stackTraceLimit).toBe(17);
  });

  it("restores the limit and gives a construction error the trace of the program's line", () => {
    let thrown: unknown;
    try {
      new CaptchaConfig(
        "orphan",
        { activeProviderId: "auth_challenge" },
        { parent: {} as unknown as pulumi.Resource },
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toContain("Resource parent is not a valid Resource");
    expect((thrown as Error).stack).toMatch(/\n {4}at .*promiseStacks\.test\.ts:\d+/);
    expect(Error.stackTraceLimit).toBe(17);
  });
});
