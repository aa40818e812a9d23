// Makes the package's bins executable after a build: tsc writes files without the mode, and a project that
// depends on this package by path (a link, as npm installs `file:` dependencies) runs them as they are.
const { chmodSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const { bin } = require(join(root, "package.json"));
for (const file of Object.values(bin)) chmodSync(join(root, file), 0o755);
