import fc from "fast-check";

import { LEGACY_PHONE_DIALECT } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { TemplateDialect } from "../../../src/templates";
import { analyzeTemplate } from "../../../src/templates/liquid";
import { casesWithoutCode } from "../../../src/templates/renderCases";
import { renderCases } from "../../../src/templates/renderCases";
import type { RenderCase } from "../../../src/templates/renderCases";

const CHANNELS = ["sms", "voice"] as const;
const key = (renderCase: RenderCase) =>
  `${renderCase.channel} ${renderCase.locale ?? "-"} ${String(renderCase.customDomain)}`;

/** The cases without the code, and how many renderings it took, with or without grouping the locales. */
function missingCodes(template: string, dialect: TemplateDialect, grouped: boolean) {
  const analyzed = analyzeTemplate(template);
  const cases = renderCases(analyzed, dialect, CHANNELS, grouped);
  const missing = casesWithoutCode(analyzed, dialect, cases);
  const renders = new Set(cases.map((c) => `${c.channel} ${c.renderedAs ?? "-"} ${String(c.customDomain)}`))
    .size;
  return { missing: typeof missing === "string" ? missing : missing.map(key), renders };
}

describe("locale groups", () => {
  it.each<[string, string, number]>([
    [
      "compares the locale with two literals",
      '{% if locale == "fr" %}{{code}}{% elsif locale contains "es" %}Hola{% endif %}',
      4,
    ],
    ["outputs the locale", "{{code}} ({{ locale | upcase }})", 2],
    ["switches on the locale", '{% case locale %}{% when "ja" %}{{code}}{% else %}Hi{% endcase %}', 3],
  ])(
    "render once per group (and once without a locale) a template that %s",
    (_case, template, perChannel) => {
      expect(missingCodes(template, LEGACY_PHONE_DIALECT, true).renders).toBe(perChannel * CHANNELS.length);
    },
  );

  it.each<[string, string]>([
    ["assigns the locale", '{% assign l = locale %}{% if l == "fr" %}{{code}}{% endif %}'],
    [
      "filters the locale in a condition",
      '{% assign l = locale | slice: 0, 2 %}{% if l == "fr" %}{{code}}{% endif %}',
    ],
    ["captures the locale", '{% capture l %}{{locale}}{% endcapture %}{% if l == "fr" %}{{code}}{% endif %}'],
    ["indexes by the locale", "{% if tenant[locale] %}{{code}}{% endif %}"],
  ])("render every locale (and none) for a template that %s", (_case, template) => {
    const { renders } = missingCodes(template, LEGACY_PHONE_DIALECT, true);
    expect(renders).toBe((LEGACY_PHONE_DIALECT.locales.length + 1) * CHANNELS.length);
  });

  const literal = fc.constantFrom("fr", "fr-CA", "es", "e", "pt-BR", "zh", "de-CH", "", "x y");
  const condition = fc.oneof(
    literal.map((value) => `locale == "${value}"`),
    literal.map((value) => `locale != '${value}'`),
    literal.map((value) => `locale contains "${value}"`),
    literal.map((value) => `"${value}" contains locale`),
    literal.map((value) => `requestInfo.lang contains "${value}"`),
    literal.map((value) => `message_type == "voice" and locale == "${value}"`),
    fc.constant("locale"),
    fc.constant("custom_domain"),
  );
  const { template } = fc.letrec<{ template: string; block: string }>((tie) => ({
    template: fc.array(tie("block"), { maxLength: 4 }).map((blocks) => blocks.join("")),
    block: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(
        "{{code}}",
        "text ",
        "{{ locale }}",
        "{{ locale | upcase }}",
        "{% assign l = locale %}",
      ),
      fc
        .tuple(condition, tie("template"), tie("template"))
        .map(([test, then, otherwise]) => `{% if ${test} %}${then}{% else %}${otherwise}{% endif %}`),
      fc
        .tuple(literal, tie("template"), tie("template"))
        .map(
          ([value, then, otherwise]) =>
            `{% case locale %}{% when "${value}" %}${then}{% else %}${otherwise}{% endcase %}`,
        ),
      fc.tuple(literal, tie("template")).map(([value, then]) => `{% if l == "${value}" %}${then}{% endif %}`),
    ),
  }));

  it("find the same paths without the code as rendering every locale", () => {
    fc.assert(
      fc.property(
        template,
        fc.constantFrom(LEGACY_PHONE_DIALECT, BRANDING_PHONE_DIALECT),
        (source, dialect) => {
          expect(missingCodes(source, dialect, true).missing).toEqual(
            missingCodes(source, dialect, false).missing,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
