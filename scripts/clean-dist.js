// Empties dist/ before a build, so files of modules that no longer exist are never packed.
require("node:fs").rmSync(require("node:path").join(__dirname, "..", "dist"), {
  recursive: true,
  force: true,
});
