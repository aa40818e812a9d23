import { findEngine, NO_ENGINE_ENV } from "./support/engine";

/** Prints the engine the e2e tier uses; a missing engine fails the run under CI and skips it elsewhere. */
export default function globalSetup(): void {
  const engine = findEngine();
  if (engine) {
    process.stdout.write(`\ne2e: Pulumi CLI ${engine.version} at ${engine.path}\n`);
    return;
  }
  const help = "run the tests through `npm test` (scripts/toolchain.sh builds or finds the Pulumi CLI)";
  if (process.env.CI) {
    throw new Error(`e2e: no Pulumi CLI on PATH and CI is set, so this is a failure: ${help}`);
  }
  process.stdout.write(`\ne2e: SKIPPED: no Pulumi CLI on PATH; ${help}\n`);
  process.env[NO_ENGINE_ENV] = "1";
}
