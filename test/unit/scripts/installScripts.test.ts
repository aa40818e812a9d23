import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const repoRoot = resolve(__dirname, "../../..");

describe("the repository's install scripts", () => {
  it("are each allowed or denied in allowScripts, so npm ci (and npm start) lists none as not yet covered", () => {
    const run = spawnSync("npm", ["install-scripts", "ls"], { cwd: repoRoot, encoding: "utf8" });
    expect(run.stderr + run.stdout).toContain("No packages with unreviewed install scripts.");
  });
});
