import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = join(__dirname, "..", "..", "..");
const RUNNER = "bash scripts/with-toolchain.sh npm run demo";

describe("npm start's duration", () => {
  it("counts from when npm start began: its script hands the start time to the demo", async () => {
    const start = (
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    expect(start.endsWith(RUNNER)).toBe(true);
    // The script as npm runs it (sh -c), with the demo replaced by a child that prints what it was handed.
    const before = Date.now();
    const { stdout } = await run("sh", [
      "-c",
      start.replace(RUNNER, `node -e "console.log(process.env.TENANT_ADMIN_START_MS)"`),
    ]);
    const handed = Number(stdout.trim());
    expect(handed).toBeGreaterThanOrEqual(before);
    expect(readFileSync(join(ROOT, "scripts", "demo.ts"), "utf8")).toContain(
      'process.env["TENANT_ADMIN_START_MS"]',
    );
  });
});
