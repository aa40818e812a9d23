/**
 * Every page a user can be pointed to from an installed package is in the package: the `docs/….md` names in
 * the source (error messages, TSDoc, the registry's docs pages) and every relative link of the README and of
 * the shipped docs pages, checked against the file list of `npm pack --dry-run`.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, normalize, relative } from "node:path";
import { promisify } from "node:util";

import { ROOT } from "./support";

const run = promisify(execFile);

/** The paths `npm pack` puts in the tarball (no scripts run: only the file list matters). */
async function packedFiles(): Promise<Set<string>> {
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [pack] = JSON.parse(stdout) as [{ files: { path: string }[] }];
  return new Set(pack.files.map((file) => file.path));
}

async function filesUnder(directory: string, suffix: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, directory), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** `docs/….md` as the source names it, each with the file that names it. */
async function sourceReferences(): Promise<{ from: string; target: string }[]> {
  const found: { from: string; target: string }[] = [];
  for (const file of await filesUnder("src", ".ts")) {
    const text = await readFile(join(ROOT, file), "utf8");
    for (const match of text.matchAll(/(?<![\w./])docs\/[\w.-]+\.md/g))
      found.push({ from: file, target: match[0] });
  }
  return found;
}

/** The relative link targets of a markdown file, resolved from the repository root, anchors left out. */
async function markdownLinks(file: string): Promise<{ from: string; target: string }[]> {
  const text = await readFile(join(ROOT, file), "utf8");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split("#")[0]!)
    .filter((target) => target !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ from: file, target: normalize(join(dirname(file), target)).replace(/\/$/, "") }));
}

describe("the docs an installed package points to", () => {
  let packed: Set<string>;
  /** A packed file, or a directory that holds packed files. */
  const resolves = (target: string): boolean =>
    packed.has(target) || [...packed].some((path) => path.startsWith(`${target}/`));

  beforeAll(async () => {
    packed = await packedFiles();
  }, 60_000);

  it("ships every docs page the source names, in messages, TSDoc and the registry", async () => {
    const references = await sourceReferences();
    expect(references.map((reference) => reference.target)).toContain("docs/which-phone-resource.md");
    expect(references.filter((reference) => !resolves(reference.target))).toEqual([]);
  });

  it("ships what every relative link of the README, the changelog and the shipped docs pages points to", async () => {
    const pages = ["README.md", "CHANGELOG.md", ...(await filesUnder("docs", ".md"))];
    const links = (await Promise.all(pages.map(markdownLinks))).flat();
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => !resolves(link.target))).toEqual([]);
    for (const page of pages) expect(packed).toContain(page);
  });
});
