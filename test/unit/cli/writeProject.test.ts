/**
 * `tenant-admin export` writes its project safely: never through a link, keeping the user's `Pulumi.yaml` and
 * merging their `package.json` and `.gitignore` under `--force` instead of replacing them, and only with a valid project name, from which
 * the npm package name is derived. The export runs in process against an emulator.
 */
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { parse as parseYaml } from "yaml";

import { exportTenant } from "../../../src/cli/export";
import { packageSource } from "../../../src/cli/packageSource";
import { generateProgram } from "../../../src/cli/program";
import {
  ExportRefusedError,
  PROJECT_NAME_RULE,
  mergeGitignore,
  mergePackageJson,
  npmPackageName,
} from "../../../src/cli/writeProject";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { exportedObjects } from "./support";

/** npm's rules for a new package's name (validate-npm-package-name, no scope): lower case, URL-safe, ≤ 214. */
const NPM_NAME = /^[a-z0-9~-][a-z0-9._~-]*$/;

const templates = { enrollment_message: "{{code}} e", verification_message: "{{code}} v" };

describe("tenant-admin export, writing the project", () => {
  let emulator: TenantEmulator;
  let root: string;
  let out: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
    env = {
      AUTH0_DOMAIN: emulator.url,
      AUTH0_CLIENT_ID: emulator.clientId,
      AUTH0_CLIENT_SECRET: emulator.clientSecret,
    };
  });
  afterAll(() => emulator.close());
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "tenant-admin-write-"));
    out = join(root, "project");
    await mkdir(out);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const run = (options: { force?: boolean; projectName?: string } = {}) =>
    exportTenant({ out, force: true, env, ...options });

  describe("links", () => {
    it.each(["index.ts", "package.json", ".gitignore", "Pulumi.yaml", "tsconfig.json"])(
      "refuses to write through a link at %s, names it, and writes nothing",
      async (name) => {
        const target = join(root, "victim");
        await writeFile(target, "the user's own file\n");
        await symlink(target, join(out, name));

        const error: unknown = await run().catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ExportRefusedError);
        expect((error as Error).message).toBe(
          `${join(out, name)} is a symbolic link; tenant-admin export does not write through links: remove it, or choose another --out`,
        );
        expect(await readFile(target, "utf8")).toBe("the user's own file\n");
        expect(await readdir(out)).toEqual([name]);
      },
    );

    it("does not follow a dangling link either", async () => {
      await symlink(join(root, "created-elsewhere.ts"), join(out, "index.ts"));

      await expect(run()).rejects.toThrow(ExportRefusedError);
      expect(await readdir(root)).toEqual(["project"]);
    });
  });

  describe("what is in the way", () => {
    it("refuses an --out that is a file, and writes nothing", async () => {
      const file = join(root, "a-file");
      await writeFile(file, "mine\n");

      await expect(exportTenant({ out: file, env })).rejects.toThrow(
        new ExportRefusedError(`--out ${file} exists and is not a directory`),
      );
      expect(await readFile(file, "utf8")).toBe("mine\n");
    });

    it("refuses a directory where a file of the program goes, naming it, and writes nothing", async () => {
      await mkdir(join(out, "index.ts"));

      await expect(run()).rejects.toThrow(
        `${join(out, "index.ts")} exists and is not a file; remove it, or choose another --out`,
      );
      expect(await readdir(out)).toEqual(["index.ts"]);
    });

    it("refuses a package.json whose dependencies are not an object, and writes nothing", async () => {
      const text = JSON.stringify({ name: "mine", dependencies: ["left-pad"] });
      await writeFile(join(out, "package.json"), text);

      await expect(run()).rejects.toThrow(
        `${join(out, "package.json")}: "dependencies" is not an object; fix it, then run tenant-admin export --force again`,
      );
      expect(await readdir(out)).toEqual(["package.json"]);
      expect(await readFile(join(out, "package.json"), "utf8")).toBe(text);
    });
  });

  describe("--force with the user's files", () => {
    it("merges package.json: keeps the user's fields and ranges, adds what the program needs", async () => {
      const theirs = {
        name: "my-infra",
        version: "2.0.0",
        private: true,
        scripts: { lint: "eslint ." },
        dependencies: { "@pulumi/pulumi": "^3.200.0", "left-pad": "1.3.0", "pulumi-tenant-admin": "^0.0.1" },
        devDependencies: { typescript: "~5.6.0" },
      };
      await writeFile(join(out, "package.json"), `${JSON.stringify(theirs, null, 2)}\n`, { mode: 0o640 });

      await run();

      const text = await readFile(join(out, "package.json"), "utf8");
      const merged = JSON.parse(text) as Record<string, unknown>;
      // Run from this clone, the export depends on the clone itself (see packageSource.test.ts).
      const dependency = packageSource(join(__dirname, "..", "..", "..")).spec;
      expect(merged).toEqual({
        ...theirs,
        dependencies: { ...theirs.dependencies, "pulumi-tenant-admin": dependency },
        // The user's typescript range is kept; @types/node is added for the Node the package needs (>= 22).
        devDependencies: { typescript: "~5.6.0", "@types/node": "^22" },
        main: "index.ts",
      });
      expect(text).toBe(`${JSON.stringify(merged, null, 2)}\n`);
      expect((await lstat(join(out, "package.json"))).mode & 0o777).toBe(0o640);
    });

    it.each([
      ["not JSON", "{ name: 'x' "],
      ["not a JSON object", "[1, 2]"],
    ])("refuses a package.json that is %s, and writes nothing", async (_name, text) => {
      await writeFile(join(out, "package.json"), text);

      const error: unknown = await run().catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ExportRefusedError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^${join(out, "package.json").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not (valid JSON|a JSON object); fix it or remove it, then run tenant-admin export --force again$`,
        ),
      );
      expect(await readdir(out)).toEqual(["package.json"]);
      expect(await readFile(join(out, "package.json"), "utf8")).toBe(text);
    });

    it("appends only the lines .gitignore lacks", async () => {
      await writeFile(join(out, ".gitignore"), "# mine\n.env\n/node_modules/");

      await run();

      expect(await readFile(join(out, ".gitignore"), "utf8")).toBe("# mine\n.env\n/node_modules/\n/bin/\n");
    });

    it("leaves a .gitignore that has every line as it was", async () => {
      await writeFile(join(out, ".gitignore"), "/bin/\r\n/node_modules/\r\n*.log\r\n");

      await run();

      expect(await readFile(join(out, ".gitignore"), "utf8")).toBe("/bin/\r\n/node_modules/\r\n*.log\r\n");
    });

    it("keeps Pulumi.yaml, so the project keeps its name and its stacks' config applies, and says what it did with each file", async () => {
      // A project whose directory name is not its project name, with a stack config keyed by that name.
      const pulumiYaml = [
        "name: 'my-infra' # the stacks' config keys start with it",
        "description: Our tenant",
        "runtime:",
        "  name: nodejs",
        "  options:",
        "    typescript: true",
        "backend:",
        "  url: file://~/state",
        "",
      ].join("\n");
      await writeFile(join(out, "Pulumi.yaml"), pulumiYaml);
      await writeFile(join(out, "Pulumi.prod.yaml"), "config:\n  my-infra:hcaptchaSiteKey: site\n");
      await writeFile(join(out, "package.json"), `${JSON.stringify({ name: "infra" }, null, 2)}\n`);
      await writeFile(join(out, ".gitignore"), "/bin/\n/node_modules/\n");
      await writeFile(join(out, "index.ts"), "// the old program\n");

      const result = await run();

      expect(await readFile(join(out, "Pulumi.yaml"), "utf8")).toBe(pulumiYaml);
      expect(await readFile(join(out, "Pulumi.prod.yaml"), "utf8")).toBe(
        "config:\n  my-infra:hcaptchaSiteKey: site\n",
      );
      expect(result.files["Pulumi.yaml"]).toMatch(/^name: my-infra$/m);
      expect(result.written).toEqual([
        { name: "Pulumi.yaml", action: "kept" },
        { name: "package.json", action: "merged" },
        { name: "tsconfig.json", action: "wrote" },
        { name: ".gitignore", action: "kept" },
        { name: "index.ts", action: "replaced" },
      ]);
    });

    it.each([
      ["a quoted name", 'name: "1.0"\nruntime: nodejs\n', "1.0"],
      ["the runtime inline and a comment", "runtime: nodejs\nname: prod-tenant   # ours\n", "prod-tenant"],
      [
        "flow style and runtime options",
        "{ name: 'flow-tenant', runtime: { name: nodejs, options: { typescript: true } } }\n",
        "flow-tenant",
      ],
    ])("reads the project's name from a Pulumi.yaml with %s", async (_case, text, name) => {
      await writeFile(join(out, "Pulumi.yaml"), text);

      const result = await run();

      expect(await readFile(join(out, "Pulumi.yaml"), "utf8")).toBe(text);
      expect(result.written[0]).toEqual({ name: "Pulumi.yaml", action: "kept" });
      expect(JSON.parse(result.files["package.json"] ?? "")).toMatchObject({ name: npmPackageName(name) });
    });

    it.each([
      [
        "an invalid name",
        'name: "my infra"\nruntime: nodejs\n',
        `names the project "my infra": ${PROJECT_NAME_RULE}`,
      ],
      [
        "no name",
        "runtime: nodejs\n",
        "has no top-level name; add the project's name, or remove the file, then run tenant-admin export --force again",
      ],
      [
        "another runtime",
        "name: infra\nruntime: python\n",
        'declares runtime "python"; the exported program needs runtime nodejs: choose another --out',
      ],
      [
        "a main elsewhere",
        "name: infra\nruntime: nodejs\nmain: src/\n",
        'sets main "src/"; the exported program is index.ts beside Pulumi.yaml: remove main, or choose another --out',
      ],
    ])(
      "refuses a Pulumi.yaml with %s, naming the file and the rule, before reading the tenant",
      async (_case, text, reason) => {
        await writeFile(join(out, "Pulumi.yaml"), text);
        emulator.clearRequestLog();

        await expect(run()).rejects.toThrow(new ExportRefusedError(`${join(out, "Pulumi.yaml")} ${reason}`));
        expect(emulator.requestLog).toEqual([]);
        expect(await readdir(out)).toEqual(["Pulumi.yaml"]);
        expect(await readFile(join(out, "Pulumi.yaml"), "utf8")).toBe(text);
      },
    );

    it("refuses a Pulumi.yaml that is not YAML, naming the file and the parser's reason, before reading the tenant", async () => {
      const text = "name: [infra\nruntime: nodejs\n";
      await writeFile(join(out, "Pulumi.yaml"), text);
      emulator.clearRequestLog();

      await expect(run()).rejects.toThrow(
        new RegExp(
          `^${escapeRegExp(join(out, "Pulumi.yaml"))} is not valid YAML \\(.+\\); fix or remove it, or choose another --out$`,
        ),
      );
      expect(emulator.requestLog).toEqual([]);
      expect(await readFile(join(out, "Pulumi.yaml"), "utf8")).toBe(text);
    });

    it("refuses a --project other than the existing Pulumi.yaml's name, and accepts the same one", async () => {
      await writeFile(join(out, "Pulumi.yaml"), "name: my-infra\nruntime: nodejs\n");

      await expect(run({ projectName: "project" })).rejects.toThrow(
        new ExportRefusedError(
          `--project project differs from the name in ${join(out, "Pulumi.yaml")} (my-infra), which its stacks' config keys start with; drop --project to keep my-infra, or choose another --out`,
        ),
      );
      expect(await readdir(out)).toEqual(["Pulumi.yaml"]);

      await run({ projectName: "my-infra" });
      expect(await readFile(join(out, "Pulumi.yaml"), "utf8")).toBe("name: my-infra\nruntime: nodejs\n");
    });

    it("leaves files the program does not generate alone", async () => {
      await writeFile(join(out, "README.md"), "mine\n");

      await run();

      expect(await readFile(join(out, "README.md"), "utf8")).toBe("mine\n");
      expect((await readdir(out)).sort()).toEqual(
        [".gitignore", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"].sort(),
      );
    });
  });

  describe("--project", () => {
    it.each([
      ["a line break", "evil\nmain: /tmp/x"],
      ["a space", "my project"],
      ["a slash", "a/b"],
      ["a colon", "name:x"],
      ["nothing", ""],
      ["101 characters", "x".repeat(101)],
    ])("refuses a name with %s, naming the rule, before reading the tenant", async (_name, projectName) => {
      emulator.clearRequestLog();

      const error: unknown = await run({ projectName }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ExportRefusedError);
      expect((error as Error).message).toBe(
        `--project ${JSON.stringify(projectName)} is not a valid project name: ${PROJECT_NAME_RULE}`,
      );
      expect(emulator.requestLog).toEqual([]);
      expect(await readdir(out)).toEqual([]);
    });

    it.each([
      ["My.Project_1", "my.project_1"],
      ["_internal", "internal"],
      ["true", "true"],
      ["1.0", "1.0"],
      ["-x", "-x"],
    ])(
      "writes the project %j into Pulumi.yaml as a string, and the npm name %j",
      async (projectName, npmName) => {
        await run({ projectName });

        const yaml = parseYaml(await readFile(join(out, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
        expect(yaml).toEqual({ name: projectName, description: expect.any(String), runtime: "nodejs" });
        const manifest = JSON.parse(await readFile(join(out, "package.json"), "utf8")) as { name: string };
        expect(manifest.name).toBe(npmName);
      },
    );
  });
});

describe("project names, for any input", () => {
  it("either refuses the name, or writes a Pulumi.yaml that reads back as that name and nothing else", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_.-]{1,100}$/)), (projectName) => {
        let files: Record<string, string>;
        try {
          files = generateProgram(
            exportedObjects({ captcha: undefined, phoneTemplates: templates, settingsFields: [] }),
            { projectName, packageDependency: "^0.1.0", pulumiRange: "^3.139.0" },
          ).files;
        } catch (error) {
          expect(error).toBeInstanceOf(ExportRefusedError);
          expect(/^[A-Za-z0-9_.-]{1,100}$/.test(projectName)).toBe(false);
          return;
        }
        const yaml = parseYaml(files["Pulumi.yaml"] ?? "") as Record<string, unknown>;
        expect(Object.keys(yaml).sort()).toEqual(["description", "name", "runtime"]);
        expect(yaml.name).toBe(projectName);
        const name = (JSON.parse(files["package.json"] ?? "") as { name: string }).name;
        expect(name).toMatch(NPM_NAME);
        expect(name.length).toBeLessThanOrEqual(214);
      }),
    );
  });

  it("derives an npm name that npm accepts", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.-]{1,100}$/), (projectName) => {
        const name = npmPackageName(projectName);
        expect(name).toMatch(NPM_NAME);
        expect(["node_modules", "favicon.ico"]).not.toContain(name);
      }),
    );
  });
});

describe("the merges alone", () => {
  it("keeps pulumi-tenant-admin where the user declared it, at the program's range", () => {
    const generated = JSON.stringify({
      name: "p",
      main: "index.ts",
      dependencies: { "pulumi-tenant-admin": "^0.2.0" },
      devDependencies: {},
    });
    const merged = JSON.parse(
      mergePackageJson('{"devDependencies":{"pulumi-tenant-admin":"file:.."}}', generated, "package.json"),
    ) as Record<string, unknown>;

    expect(merged).toEqual({
      devDependencies: { "pulumi-tenant-admin": "^0.2.0" },
      dependencies: {},
      name: "p",
      main: "index.ts",
    });
  });

  it("appends to a .gitignore without a final line break on a line of its own", () => {
    expect(mergeGitignore("a", "/bin/\n")).toBe("a\n/bin/\n");
    expect(mergeGitignore("", "/bin/\n/node_modules/\n")).toBe("/bin/\n/node_modules/\n");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
