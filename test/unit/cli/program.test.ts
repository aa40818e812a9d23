import fc from "fast-check";

import { generateProgram, projectNameFor } from "../../../src/cli/program";
import { exportedObjects } from "./support";
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
    expect(index).toContain('simpleCaptcha: {"Verbatim-Key":1}');
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
    expect(index).toContain('new PhoneTemplates("phone-templates"');
  });

  it("writes any template text as a string literal that evaluates back to it", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (enrollment, verification) => {
        const index = indexOf({
          captcha: undefined,
          phoneTemplates: { enrollment_message: enrollment, verification_message: verification },
          settingsFields: undefined,
        });
        const literal = /enrollmentMessage: (.*),\n/.exec(index)?.[1] ?? "";
        return (
          JSON.parse(literal) === enrollment &&
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
