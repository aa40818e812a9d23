import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ROOT, runScript, shellBlock } from "./support";

/** The shell block of docs/emulator.md's "In CI" section, as a reader copies it. */
function ciRecipe(): Promise<string[]> {
  return shellBlock("emulator.md", "## In CI");
}

describe("docs/emulator.md, In CI", () => {
  it("runs as written: the emulator from node_modules, trusted through a bundle, reached with the exported variables", async () => {
    const lines = await ciRecipe();
    expect(lines[0]).toMatch(/^npx tenant-emulator /);
    expect(lines.at(-1)).toBe("pulumi preview --stack ci");
    const work = await mkdtemp(join(tmpdir(), "ci-recipe-"));
    try {
      // A project that installed the package: its node_modules (this repository depends on itself).
      await symlink(join(ROOT, "node_modules"), join(work, "node_modules"));
      const script = [
        "set -e",
        // A free port instead of 8443, so the test never collides with a running emulator.
        ...lines.slice(0, -1).map((line) => line.replace("--port 8443", "--port 0")),
        // Instead of the preview: the credentials get a token from the emulator over the trusted TLS.
        `node -e '${[
          'const base = "https://" + process.env.AUTH0_DOMAIN;',
          'fetch(base + "/oauth/token", { method: "POST", headers: { "content-type": "application/json" },',
          '  body: JSON.stringify({ grant_type: "client_credentials", client_id: process.env.AUTH0_CLIENT_ID,',
          '    client_secret: process.env.AUTH0_CLIENT_SECRET, audience: base + "/api/v2/" }) })',
          "  .then((r) => { console.log(r.status); process.exit(0); }, (e) => { console.error(e.cause?.code ?? e); process.exit(1); });",
        ].join(" ")}'`,
      ].join("\n");
      const result = await runScript(script, work);
      expect(result).toMatchObject({ code: 0, stdout: "200\n" });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
