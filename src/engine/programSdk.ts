/**
 * One `@pulumi/pulumi` per process: the program's own.
 *
 * Installed from a clone on disk, the package is a link to the clone, and Node resolves the package's
 * `require("@pulumi/pulumi")` from the clone's real path: the clone's own copy (a devDependency) would load
 * beside the program's, a second SDK with its own state and a second start-up cost. The entry points call
 * {@link useProgramSdk} first, so every later `require("@pulumi/pulumi")` of the package answers the program's.
 */
import { createRequire } from "node:module";
import { join } from "node:path";

const SDK = "@pulumi/pulumi";

/** The paths of the two SDKs when they differ: the one the package resolves, and the program's. */
interface SdkPaths {
  own: string;
  program: string;
}

function resolvedFrom(file: string): string | undefined {
  try {
    return createRequire(file).resolve(SDK);
  } catch {
    return undefined;
  }
}

/**
 * Where the package's and the program's `@pulumi/pulumi` are, when they differ; `undefined` when they are one
 * (the usual install) or either cannot be found. The program's is the one its main module resolves (the
 * engine starts a program, and the dynamic-provider process, from the program's own SDK), else the one the
 * working directory resolves (the engine runs both in the project's directory).
 *
 * @param ownFile a file of the package (this module)
 * @param mainFile the process's main module, when there is one
 * @param cwd the working directory
 */
export function sdkPaths(ownFile: string, mainFile: string | undefined, cwd: string): SdkPaths | undefined {
  const own = resolvedFrom(ownFile);
  const program =
    (mainFile === undefined ? undefined : resolvedFrom(mainFile)) ?? resolvedFrom(join(cwd, "program.js"));
  if (own === undefined || program === undefined || own === program) return undefined;
  return { own, program };
}

/**
 * Makes the package's `require("@pulumi/pulumi")` load the program's SDK when the package would resolve
 * another one: Node answers a require from its module cache by the resolved path, so the package's path is
 * given the program's module.
 */
export function useProgramSdk(): void {
  const paths = sdkPaths(__filename, require.main?.filename, process.cwd());
  const load = createRequire(__filename);
  if (paths === undefined || load.cache[paths.own] !== undefined) return;
  load(paths.program);
  const program = load.cache[paths.program];
  if (program !== undefined) load.cache[paths.own] = program;
}
