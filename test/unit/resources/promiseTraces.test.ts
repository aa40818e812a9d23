import * as pulumi from "@pulumi/pulumi";

import { BotDetection, CaptchaConfig } from "../../../src";

// The constructor is the program's side (wiring): what it formats is tested against the SDK's mock monitor.
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

type StackTraceFormatter = (error: Error, callSites: NodeJS.CallSite[]) => unknown;

/** The program's own formatter, as ts-node installs one: it records the function of each trace's first frame. */
let formatted: string[];
let before: StackTraceFormatter | undefined;
let leakSwitch: string | undefined;
const programs: StackTraceFormatter = (error, callSites) => {
  formatted.push(callSites[0]?.getFunctionName() ?? "<top>");
  return `${String(error)}\n${callSites.map((site) => `    at mapped ${site.getFunctionName() ?? "<anonymous>"}`).join("\n")}`;
};

beforeEach(() => {
  formatted = [];
  before = Reflect.get(Error, "prepareStackTrace") as StackTraceFormatter | undefined;
  leakSwitch = process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  Reflect.set(Error, "prepareStackTrace", programs);
});
afterEach(() => {
  Reflect.set(Error, "prepareStackTrace", before);
  if (leakSwitch === undefined) delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  else process.env.PULUMI_DEBUG_PROMISE_LEAKS = leakSwitch;
});

const declareBotDetection = (name: string, opts?: pulumi.CustomResourceOptions) =>
  new BotDetection(name, { botDetectionLevel: "high", allowlist: ["10.0.0.0/8"] }, opts);

describe("constructing a resource", () => {
  it("leaves the SDK's promise traces to no formatter, and takes the source position with the program's", () => {
    declareBotDetection("quiet");
    expect(formatted.filter((first) => first === "debuggablePromise")).toEqual([]);
    expect(formatted).toContain("callsites");
    expect(Reflect.get(Error, "prepareStackTrace")).toBe(programs);
  });

  it("formats the promise traces with the program's formatter when PULUMI_DEBUG_PROMISE_LEAKS asks for them", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
    declareBotDetection("traced");
    // Four promises per input (at least six inputs here), each with a trace read at once.
    expect(formatted.filter((first) => first === "debuggablePromise").length).toBeGreaterThanOrEqual(24);
    expect(Reflect.get(Error, "prepareStackTrace")).toBe(programs);
  });

  it("formats any other trace read while constructing with the program's formatter", () => {
    let read: string | undefined;
    declareBotDetection("transformed", {
      transformations: [
        (args) => {
          read = new Error("inside a transformation").stack;
          return { props: args.props, opts: args.opts };
        },
      ],
    });
    expect(read).toMatch(/^Error: inside a transformation\n {4}at mapped /);
  });

  it("restores the program's formatter when the construction throws, and the error keeps its frames", () => {
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
    expect(Reflect.get(Error, "prepareStackTrace")).toBe(programs);
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).stack).toMatch(
      /^Error: Resource parent is not a valid Resource[^\n]*\n {4}at mapped /,
    );
    expect((thrown as Error).stack).toContain("at mapped CaptchaConfig");
  });
});
