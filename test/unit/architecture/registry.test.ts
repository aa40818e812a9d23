import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { ALL_SCOPES, OBJECTS, RESOURCE_NAMES, TENANT_OBJECTS } from "../../../src/resources/registry";

const ROOT = join(__dirname, "..", "..", "..");
/** The provider entry as the engine's dynamic-provider host loads it: `require`, no interop `default`. */
const providerEntry = jest.requireActual<Record<string, unknown>>("../../../src/provider");

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The src/ files whose text names `term`, case-insensitively, as `grep -rli` finds them. */
function filesNaming(...terms: string[]): string[] {
  return filesUnder(join(ROOT, "src"))
    .filter((file) => {
      const text = readFileSync(file, "utf8").toLowerCase();
      return terms.some((term) => text.includes(term.toLowerCase()));
    })
    .map((file) => relative(ROOT, file));
}

describe("the registry of tenant objects", () => {
  it("gives the provider entry one implementation per resource, under the resource's name", () => {
    expect(Object.keys(providerEntry).sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it("makes ALL_SCOPES the scopes of the endpoints the package sends, each once", () => {
    const scopes = OBJECTS.flatMap((object) => object.endpoints.map((endpoint) => endpoint.scope));
    expect([...ALL_SCOPES].sort()).toEqual([...new Set(scopes)].sort());
  });

  it.each(RESOURCE_NAMES.map((name) => [name, TENANT_OBJECTS[name].resource] as const))(
    "has a reference page for %s, linked from the docs index and the README",
    (_name, resource) => {
      expect(statSync(join(ROOT, resource.docs)).isFile()).toBe(true);
      const page = relative("docs", resource.docs);
      expect(readFileSync(join(ROOT, "docs", "README.md"), "utf8")).toContain(`(${page})`);
      expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(`(${resource.docs})`);
    },
  );

  // The policy pack's template rules (src/policy/templateRules.ts) read the two phone template objects'
  // messages and dialects: one file more for each of them.
  it.each([
    ["CaptchaConfig", 8, ["captchaConfig", "attack-protection/captcha"]],
    ["PhoneTemplates", 9, ["phoneTemplates", "guardian/factors/phone/templates"]],
    ["PhoneNotificationTemplate", 9, ["phoneNotificationTemplate", "branding/phone/templates"]],
  ] as const)(
    "names %s (by class, camelCase name or API path) in at most %i files under src/",
    (_name, most, terms) => {
      const files = filesNaming(...terms);
      expect(files.length).toBeLessThanOrEqual(most);
    },
  );
});
