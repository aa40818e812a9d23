// Fails the build when a published declaration names a package outside the list below: a user's `tsc`
// (skipLibCheck off) checks that package's types under the user's tsconfig, and zod's, for one, do not pass
// without esModuleInterop. jose's do (the emulator's keys are jose's KeyLike): scripts/check-template-project.sh
// compiles them under Pulumi's template tsconfig.
const fs = require("node:fs");
const path = require("node:path");
const { builtinModules } = require("node:module");

const root = path.join(__dirname, "..");
const pkg = require(path.join(root, "package.json"));
const allowed = (specifier) =>
  specifier === "@pulumi/pulumi" ||
  specifier.startsWith("@pulumi/pulumi/") ||
  specifier === "jose" ||
  specifier.startsWith("node:") ||
  builtinModules.includes(specifier.split("/")[0]);

const entries = Object.values(pkg.exports)
  .map((target) => (typeof target === "object" ? target.types : undefined))
  .filter(Boolean)
  .map((types) => path.join(root, types));

const importedFrom = new Map(entries.map((file) => [file, undefined]));
const queue = [...entries];
const problems = [];
while (queue.length > 0) {
  const file = queue.shift();
  const text = fs.readFileSync(file, "utf8");
  for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport\(|\bimport)\s*["']([^"']+)["']/g)) {
    if (!specifier.startsWith(".")) {
      if (!allowed(specifier)) problems.push({ file, specifier });
      continue;
    }
    const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, "");
    const target = [`${base}.d.ts`, path.join(base, "index.d.ts")].find((f) => fs.existsSync(f));
    if (target && !importedFrom.has(target)) {
      importedFrom.set(target, file);
      queue.push(target);
    }
  }
}

for (const { file, specifier } of problems) {
  const chain = [];
  for (let f = file; f; f = importedFrom.get(f)) chain.push(path.relative(root, f));
  console.error(
    `check-declarations: ${chain[0]} names "${specifier}" (reached from ${chain.slice(1).join(" <- ")})`,
  );
}
if (problems.length > 0) {
  console.error("check-declarations: mark the declaration @internal or type it without that package");
  process.exit(1);
}
