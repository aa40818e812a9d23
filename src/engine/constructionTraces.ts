/**
 * The stack traces the SDK reads while a resource of this package is constructed: its promises' traces left
 * unformatted, and the trace it stores in state as where the resource was declared narrowed to the program's
 * own frames. Program side: loaded by every resource class.
 */
import { resolve, sep } from "node:path";

type StackTraceFormatter = (error: Error, callSites: NodeJS.CallSite[]) => unknown;

/** This package's own code, in a clone (`src/`, `dist/`) or an install (under `node_modules/`). */
const OWN_CODE = ["src", "dist"].map((dir) => `${resolve(__dirname, "../..", dir)}${sep}`);

/** The constructor the SDK's trace of a declaration counts frames up to (it skips a fixed number of them). */
const BASE_CONSTRUCTOR = "new TenantAdminDynamicResource";

/** V8's own spelling of a trace, for a program without a formatter of its own. */
function v8Format(error: Error, callSites: NodeJS.CallSite[]): string {
  const frame = (site: NodeJS.CallSite) =>
    `${site.isConstructor() ? "new " : ""}${site.getFunctionName() ?? "<anonymous>"} ` +
    `(${site.getFileName() ?? "<anonymous>"}:${site.getLineNumber() ?? 0}:${site.getColumnNumber() ?? 0})`;
  return [String(error), ...callSites.map((site) => `    at ${frame(site)}`)].join("\n");
}

/** The file of a formatted frame (`    at fn (file:line:column)` or `    at file:line:column`). */
function frameFile(line: string): string {
  const location = /\((.*)\)\s*$/.exec(line)?.[1] ?? line.trim().replace(/^at /, "");
  return location.replace(/:\d+:\d+$/, "");
}

/**
 * A formatted trace of a declaration with, after the frames up to this package's base constructor (which the
 * SDK skips by count), only the program's frames: none of this package's, of any installed package
 * (`node_modules`: the SDK, ts-node) or of Node's own. Unchanged when it has no base constructor frame.
 */
export function programFramesOnly(trace: string): string {
  const lines = trace.split("\n");
  const base = lines.findIndex((line) => line.trimStart().startsWith(`at ${BASE_CONSTRUCTOR} `));
  if (base < 0) return trace;
  const program = lines.slice(base + 1).filter((line) => {
    const file = frameFile(line);
    return !(
      file.startsWith("node:") ||
      file.includes(`${sep}node_modules${sep}`) ||
      OWN_CODE.some((own) => file.startsWith(own))
    );
  });
  return [...lines.slice(0, base + 1), ...program].join("\n");
}

/**
 * Shapes the SDK's traces until the returned function is called (after a resource's `super(...)`), which
 * gives the program its formatter back:
 *
 * - The traces the SDK takes for its promises (in its `debuggablePromise`) are left unformatted, each its
 *   error's first line, unless `PULUMI_DEBUG_PROMISE_LEAKS` is set. The SDK makes four promises for each input
 *   of a resource and reads a trace for each at once, for its report of promises still pending at exit, which
 *   prints them only under that variable. Under ts-node, whose formatter maps every frame through source
 *   maps, formatting them was most of what constructing a resource cost, and a program's constructors all run
 *   before the engine hears of its first resource.
 * - The trace the SDK stores in state as where the resource was declared (read in its `callsites`) keeps the
 *   program's frames only ({@link programFramesOnly}): the engine writes the whole state after every step, and
 *   the SDK's and ts-node's frames were a third of each resource's bytes. Its first frame, the declaration's
 *   position, is then the program's line rather than this package's resource class.
 *
 * Every other trace goes to the program's formatter as before. Should the SDK rename those functions, the
 * traces are formatted as before.
 */
export function shapeTraces(): () => void {
  const programs = Reflect.get(Error, "prepareStackTrace") as StackTraceFormatter | undefined;
  const format = (error: Error, callSites: NodeJS.CallSite[]) =>
    programs === undefined ? v8Format(error, callSites) : programs.call(Error, error, callSites);
  const quietPromises = !process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  const formatter: StackTraceFormatter = (error, callSites) => {
    const first = callSites[0]?.getFunctionName();
    if (first === "debuggablePromise" && quietPromises) return String(error);
    const formatted = format(error, callSites);
    return first === "callsites" && typeof formatted === "string" ? programFramesOnly(formatted) : formatted;
  };
  Reflect.set(Error, "prepareStackTrace", formatter);
  return () => {
    Reflect.set(Error, "prepareStackTrace", programs);
  };
}
