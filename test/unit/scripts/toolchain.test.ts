import { execFile } from "node:child_process";
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = join(__dirname, "..", "..", "..");

/** The Pulumi CLI's directory the toolchain put on PATH, or undefined outside it (a bare `npx jest`). */
async function pulumiDir(): Promise<string | undefined> {
  try {
    const { stdout } = await run("bash", ["-c", 'dirname "$(readlink -f "$(command -v pulumi)")"']);
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

describe("scripts/toolchain.sh", () => {
  it("lets several shells bootstrap at once: each finds the dynamic-provider shim in place", async () => {
    const cli = await pulumiDir();
    if (cli === undefined || !cli.includes("pulumi-tenant-admin")) {
      // Only the cached CLI the toolchain builds gets the shim copied beside it.
      console.warn("skipped: the Pulumi CLI on PATH is not the toolchain's cached one");
      return;
    }
    const { stdout } = await run("node", ["-p", "require('@pulumi/pulumi/package.json').version"], {
      cwd: ROOT,
    });
    const cache = await mkdtemp(join(tmpdir(), "toolchain-cache-"));
    try {
      const bin = join(cache, "pulumi-tenant-admin", `pulumi-v${stdout.trim()}`, "bin");
      await mkdir(bin, { recursive: true });
      // The cached CLI without the shim, as a fresh cache holds it (not symlinks: the script resolves them).
      for (const name of ["pulumi", "pulumi-language-nodejs"]) {
        await link(join(cli, name), join(bin, name)).catch(() => copyFile(join(cli, name), join(bin, name)));
      }
      for (let round = 0; round < 2; round += 1) {
        await rm(join(bin, "pulumi-resource-pulumi-nodejs"), { force: true });
        const shells = Array.from({ length: 8 }, () =>
          run("bash", ["scripts/toolchain.sh"], {
            cwd: ROOT,
            env: { ...process.env, XDG_CACHE_HOME: cache },
          }),
        );
        const failed = (await Promise.allSettled(shells)).filter(
          (result): result is PromiseRejectedResult => result.status === "rejected",
        );
        expect(failed.map((result) => String(result.reason))).toEqual([]);
        expect((await readdir(bin)).filter((name) => !name.startsWith(".")).sort()).toEqual([
          "pulumi",
          "pulumi-language-nodejs",
          "pulumi-resource-pulumi-nodejs",
        ]);
      }
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  }, 120_000);
});
