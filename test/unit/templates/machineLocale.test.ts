import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** What `template` renders to in a fresh Node process whose locale is `locale` (LC_ALL), from the sources. */
function renderedUnder(locale: string, template: string): string {
  return execFileSync(
    process.execPath,
    [
      "-r",
      "ts-node/register/transpile-only",
      "-e",
      `const { renderPhoneTemplate } = require("./src/resources/phoneTemplates/dialect");
       process.stdout.write(renderPhoneTemplate(${JSON.stringify(template)}, {}));`,
    ],
    { cwd: ROOT, encoding: "utf8", timeout: 60_000, env: { ...process.env, LC_ALL: locale, LANG: locale } },
  );
}

describe("a template's rendering on machines of other locales", () => {
  it("names days and months as every other machine does: the machine's locale is not asked", () => {
    const template = '{{ "2024-03-01T12:00:00Z" | date: "%A %B" }}';
    expect(renderedUnder("de_DE.UTF-8", template)).toBe("Friday March");
    expect(renderedUnder("fr_FR.UTF-8", template)).toBe("Friday March");
  });
});
