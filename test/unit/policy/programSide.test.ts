import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

// Imports the built package (npm run build) in a fresh process, as a program does.
describe("a program that imports the package", () => {
  it("loads neither the policy SDK nor the pack, even when it declares a resource class's type token", () => {
    const output = execFileSync(
      process.execPath,
      [
        "-e",
        `
        require("@pulumi/pulumi");
        const admin = require("./dist/index.js");
        const loaded = Object.keys(require.cache).filter(
          (file) => file.includes("/node_modules/@pulumi/policy/") || file.includes("/dist/policy/"),
        );
        console.log(JSON.stringify({ token: admin.BotDetection.__pulumiType, loaded }));
        `,
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
    );
    expect(JSON.parse(output)).toEqual({
      token: "pulumi-nodejs:dynamic/tenant-admin:BotDetection",
      loaded: [],
    });
  });
});
