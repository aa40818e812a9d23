import fc from "fast-check";

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { runInNewContext } from "node:vm";

import { generateProgram, projectNameFor } from "../../../src/cli/program";
import { NEW_TENANT_BOT_DETECTION, botDetectionDocument } from "../../../src/resources/botDetection/api";
import { objectExport as captchaExport } from "../../../src/resources/captchaConfig/export";
import { objectExport as phoneNotificationExport } from "../../../src/resources/phoneNotificationTemplate/export";
import { objectExport as phoneTemplatesExport } from "../../../src/resources/phoneTemplates/export";
import {
  NEW_TENANT_SUSPICIOUS_IP_THROTTLING,
  suspiciousIpThrottlingDocument,
} from "../../../src/resources/suspiciousIpThrottling/api";
import { documentExport } from "../../../src/resources/tenantObject/cli/documentExport";
import { HOST, exportedObjects } from "./support";
import type { TenantSnapshot } from "./support";

const options = { projectName: "adopted", packageDependency: "^0.1.0", pulumiRange: "^3.150.0" };
const templates = { enrollment_message: "{{code}} enrol", verification_message: "{{code}} verify" };

function indexOf(snapshot: TenantSnapshot): string {
  return generateProgram(exportedObjects(snapshot), options).files["index.ts"] ?? "";
}

describe("the generated program", () => {
  it("reads each secret the tenant does not return from stack config and lists it", () => {
    const program = generateProgram(
      exportedObjects({
        captcha: {
          active_provider_id: "arkose",
          arkose: { site_key: "ka", client_subdomain: "c", verify_subdomain: "v", fail_open: true },
          recaptcha_enterprise: { site_key: "ke", project_id: "p" },
          simple_captcha: { "Verbatim-Key": 1 },
        },
        phoneTemplates: templates,
        settingsFields: ["friendly_name"],
      }),
      options,
    );
    expect(program.secrets).toEqual([
      { key: "arkoseSecret", description: "the arkose secret" },
      { key: "recaptchaEnterpriseApiKey", description: "the recaptcha_enterprise api_key" },
    ]);
    const index = program.files["index.ts"] ?? "";
    expect(index).toContain('secret: config.requireSecret("arkoseSecret")');
    expect(index).toContain('apiKey: config.requireSecret("recaptchaEnterpriseApiKey")');
    expect(index).toContain('clientSubdomain: "c"');
    // A free-form map keeps its keys; the configuration is someone's, so it is declared with the import
    // option (the resource's arguments one level deeper).
    expect(index).toContain('simpleCaptcha: {\n      "Verbatim-Key": 1,\n    },');
    expect(index).toContain(`import: "${HOST}/attack-protection/captcha"`);
    expect(index).toContain("getTenantSettingsOutput()");
  });

  it("skips a provider block the tenant returns incomplete, and says so", () => {
    const program = generateProgram(
      exportedObjects({
        captcha: { active_provider_id: "auth_challenge", hcaptcha: {} },
        phoneTemplates: templates,
        settingsFields: [],
      }),
      options,
    );
    expect(program.skipped).toEqual(["CAPTCHA block hcaptcha: the tenant's block is incomplete (site_key)"]);
    expect(program.files["index.ts"]).not.toContain("hcaptcha:");
  });

  it("skips a block this version does not know", () => {
    const program = generateProgram(
      exportedObjects({
        captcha: { active_provider_id: "auth_challenge", new_vendor: { site_key: "x" } },
        phoneTemplates: templates,
        settingsFields: [],
      }),
      options,
    );
    expect(program.skipped).toEqual([
      "CAPTCHA block new_vendor: not known to this version of pulumi-tenant-admin",
    ]);
  });

  it("declares no CaptchaConfig and no config when there is no CAPTCHA configuration", () => {
    const index = indexOf({ captcha: undefined, phoneTemplates: templates, settingsFields: [] });
    expect(index).not.toMatch(/CaptchaConfig|pulumi\.Config/);
    expect(index).toMatch(/new PhoneTemplates\(\s*"phone-templates"/);
  });

  it("writes any template text as a string literal that evaluates back to it", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (enrollment, verification) => {
        const index = indexOf({
          captcha: undefined,
          phoneTemplates: { enrollment_message: enrollment, verification_message: verification },
          settingsFields: undefined,
        });
        const literal = /enrollmentMessage:\s+(.*),\n/.exec(index)?.[1] ?? "";
        return (
          runInNewContext(literal) === enrollment &&
          !index.split("\n").some((line) => line === enrollment && enrollment.includes("\n"))
        );
      }),
    );
  });

  it("uses Pulumi's typescript template tsconfig and depends on the package", () => {
    const { files } = generateProgram(
      exportedObjects({ captcha: undefined, phoneTemplates: templates, settingsFields: [] }),
      options,
    );
    expect(JSON.parse(files["tsconfig.json"] ?? "")).toMatchObject({
      compilerOptions: { strict: true, target: "es2020" },
      files: ["index.ts"],
    });
    expect(JSON.parse(files["package.json"] ?? "")).toMatchObject({
      name: "adopted",
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": "^3.150.0", "pulumi-tenant-admin": "^0.1.0" },
    });
    expect(files["Pulumi.yaml"]).toMatch(/^name: adopted\n(?:.*\n)*runtime: nodejs\n$/);
  });

  it.each([
    ["adopted", "adopted"],
    ["my tenant!", "my-tenant"],
    ["...", "tenant"],
  ])("names the project after the directory %j as %j", (directory, name) => {
    expect(projectNameFor(directory)).toBe(name);
  });
});

/**
 * The programs `prettier --check` finds not laid out as prettier's defaults would (the generated project has
 * no prettier config: `--no-config`), each written to a file of its own in a temporary directory.
 */
async function unformattedPrograms(programs: readonly string[]): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), "tenant-admin-layout-"));
  try {
    programs.forEach((program, index) => writeFileSync(join(root, `program-${index}.ts`), program));
    const prettier = require.resolve("prettier/bin/prettier.cjs");
    const run = await promisify(execFile)(process.execPath, [
      prettier,
      "--no-config",
      "--list-different",
      root,
    ]).then(
      () => "",
      (error: { stdout?: string; message?: string }) => error.stdout ?? error.message ?? "prettier failed",
    );
    return run
      .split("\n")
      .filter((line) => line !== "")
      .map((file) => programs[Number(/program-(\d+)\.ts/.exec(file)?.[1])] ?? file);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("the generated program's layout", () => {
  it("is as prettier's defaults lay it out, for every object the export declares", async () => {
    const exported = [
      captchaExport.declare(
        {
          active_provider_id: "arkose",
          arkose: { site_key: "ka", client_subdomain: "c", verify_subdomain: "v", fail_open: true },
          recaptcha_enterprise: { site_key: "ke", project_id: "p" },
          simple_captcha: { "Verbatim-Key": 1, list: [1, 2, { deep: 'it\'s "quoted"' }], empty: {} },
        },
        HOST,
      ),
      documentExport({
        ...suspiciousIpThrottlingDocument,
        resource: suspiciousIpThrottlingDocument.resource,
      }).declare(
        {
          ...NEW_TENANT_SUSPICIOUS_IP_THROTTLING,
          allowlist: Array.from({ length: 12 }, (_, index) => `192.0.2.${index}`),
        },
        HOST,
      ),
      documentExport({ ...botDetectionDocument, resource: botDetectionDocument.resource }).declare(
        {
          ...NEW_TENANT_BOT_DETECTION,
          allowlist: ["10.0.0.0/8"],
        },
        HOST,
      ),
      phoneNotificationExport.declare(
        {
          templates: [
            {
              id: "tem_0123456789abcdef",
              type: "otp_verify",
              disabled: false,
              content: { from: "+15550100", body: { text: 'Say "{{ code }}"', voice: "{{ code }}" } },
            },
          ],
        },
        HOST,
      ),
      phoneTemplatesExport.declare(templates, HOST),
    ];
    const index = generateProgram(exported, options).files["index.ts"] ?? "";

    expect(index).toContain("new BotDetection(");
    expect(await unformattedPrograms([index])).toEqual([]);
  });

  it("is as prettier lays it out whatever JSON a free-form map or a text holds", async () => {
    const programs = fc
      .sample(fc.tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.string({ unit: "grapheme" })), {
        numRuns: 150,
        seed: 38,
      })
      .map(
        ([simpleCaptcha, text]) =>
          generateProgram(
            [
              captchaExport.declare(
                { active_provider_id: "simple_captcha", simple_captcha: simpleCaptcha },
                HOST,
              ),
              phoneTemplatesExport.declare(
                { enrollment_message: text, verification_message: `${text}'"` },
                HOST,
              ),
            ],
            options,
          ).files["index.ts"] ?? "",
      );

    expect(await unformattedPrograms(programs)).toEqual([]);
  });
});
