import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { parse } from "yaml";

const WORKFLOW = join(__dirname, "../../../examples/ci/github-actions.yml");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Job {
  if?: string;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress"?: boolean };
  strategy?: { matrix?: { stack?: string[] } };
  steps: Step[];
}

interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const text = readFileSync(WORKFLOW, "utf8");
const workflow = parse(text) as Workflow;

function job(id: string): Job {
  const found = workflow.jobs[id];
  if (found === undefined) throw new Error(`no job ${id}`);
  return found;
}

function pulumiStep(id: string): Step {
  const step = job(id).steps.find(
    (candidate) => candidate.uses?.startsWith("pulumi/actions@") && candidate.with?.command,
  );
  if (step === undefined) throw new Error(`no pulumi/actions step with a command in ${id}`);
  return step;
}

const secretsIn = (value: unknown): string[] =>
  JSON.stringify(value ?? {}).match(/secrets\.[A-Z0-9_]+/g) ?? [];

describe("examples/ci/github-actions.yml", () => {
  it("is a valid workflow for GitHub's own parser and schema", () => {
    const output = execFileSync(process.execPath, [join(__dirname, "parseWorkflow.mjs"), WORKFLOW], {
      encoding: "utf8",
    });
    const result = JSON.parse(output) as { errors: string[]; jobs: string[] };
    expect(result.errors).toEqual([]);
    expect(result.jobs).toEqual(["test", "preview", "up"]);
  });

  it("keeps secrets out of workflow- and job-level env, so npm ci never sees them", () => {
    expect(secretsIn(workflow.env)).toEqual([]);
    for (const [id, each] of Object.entries(workflow.jobs)) {
      expect({ id, secrets: secretsIn(each.env) }).toEqual({ id, secrets: [] });
      const installs = each.steps.filter((step) => step.run?.includes("npm ci"));
      for (const step of installs) expect(secretsIn(step)).toEqual([]);
    }
  });

  it("previews pull requests with --refresh, read-only credentials and a PR comment", () => {
    const preview = job("preview");
    expect(preview.if).toContain("pull_request");
    const step = pulumiStep("preview");
    expect(step.with).toMatchObject({ command: "preview", refresh: true, "comment-on-pr": true });
    expect(preview.permissions).toMatchObject({ "pull-requests": "write" });
    expect(step.env).toMatchObject({
      AUTH0_CLIENT_ID: "${{ secrets.AUTH0_READ_CLIENT_ID }}",
      AUTH0_CLIENT_SECRET: "${{ secrets.AUTH0_READ_CLIENT_SECRET }}",
    });
    expect(JSON.stringify(preview)).not.toContain("secrets.AUTH0_CLIENT_SECRET");
  });

  it("previews with the package's policy pack: every rule mandatory on prod, advisory on dev", () => {
    const step = pulumiStep("preview");
    expect(step.with).toMatchObject({ policyPacks: "node_modules/pulumi-tenant-admin/policy" });
    const configs = String(step.with?.["policyPackConfigs"]);
    const configFor = (stack: string) =>
      configs.replace(
        /\$\{\{ matrix\.stack == 'prod' && '(\w+)' \|\| '(\w+)' \}\}/,
        (_, prod: string, other: string) => (stack === "prod" ? prod : other),
      );
    expect(configFor("prod")).toBe("node_modules/pulumi-tenant-admin/policy/production.json");
    expect(configFor("dev")).toBe("node_modules/pulumi-tenant-admin/policy/advisory.json");
    for (const stack of ["prod", "dev"]) {
      expect(
        existsSync(
          join(__dirname, "../../..", configFor(stack).replace("node_modules/pulumi-tenant-admin/", "")),
        ),
      ).toBe(true);
    }
  });

  it("updates on main with the write credentials", () => {
    const up = job("up");
    expect(up.if).toContain("refs/heads/main");
    const step = pulumiStep("up");
    expect(step.with).toMatchObject({ command: "up", refresh: true });
    expect(step.env).toMatchObject({ AUTH0_CLIENT_SECRET: "${{ secrets.AUTH0_CLIENT_SECRET }}" });
  });

  it.each(["preview", "up"])("%s has one concurrency group per stack, shared with the other job", (id) => {
    const each = job(id);
    expect(each.strategy?.matrix?.stack).toEqual(["dev", "prod"]);
    expect(each.concurrency).toEqual({
      group: "tenant-admin-${{ matrix.stack }}",
      "cancel-in-progress": false,
    });
  });

  it.each(["preview", "up"])("%s gets state backend credentials before the pulumi step", (id) => {
    const steps = job(id).steps;
    const credentials = steps.findIndex((step) =>
      step.uses?.startsWith("aws-actions/configure-aws-credentials@"),
    );
    expect(credentials).toBeGreaterThanOrEqual(0);
    expect(credentials).toBeLessThan(steps.indexOf(pulumiStep(id)));
    expect(job(id).permissions).toMatchObject({ "id-token": "write" });
    expect(pulumiStep(id).env).toHaveProperty("PULUMI_BACKEND_URL");
  });

  it("runs the tests against the package's emulator, without any secret", () => {
    const test = job("test");
    expect(secretsIn(test)).toEqual([]);
    expect(test.steps.some((step) => step.run?.includes("npx tenant-emulator"))).toBe(true);
    expect(job("preview")).toHaveProperty("needs", "test");
    expect(job("up")).toHaveProperty("needs", "test");
  });
});
