import fc from "fast-check";

import { TemplateSyntaxError, TemplateLimitError, reviewTemplate } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT, renderPhoneTemplate } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { TemplateReview } from "../../../src/templates";
import { liquidEngine, templateError } from "../../../src/templates/liquid";
import { WORST_TEMPLATES } from "../../../scripts/support/hostileTemplates";

const LEGACY = { channels: ["sms", "voice"], requireCode: true } as const;

/** Reviews a template and measures how long the review took. */
function timedReview(template: string): { review: TemplateReview; ms: number } {
  const start = performance.now();
  const review = reviewTemplate(template, LEGACY_PHONE_DIALECT, LEGACY);
  return { review, ms: performance.now() - start };
}

/**
 * Loose: the limits stop these within about a second; 3 s leaves room for a loaded 2-core machine and
 * still fails the ten seconds (or the process) the templates took before the limits.
 */
const FAST_ENOUGH_MS = 3_000;

describe("the template limits", () => {
  it.each(WORST_TEMPLATES)("refuse %s fast, with one line naming the limit", (_case, template, error) => {
    const { review, ms } = timedReview(template);
    expect(review.errors).toEqual([expect.stringMatching(error)]);
    expect(ms).toBeLessThan(FAST_ENOUGH_MS);
  });

  it.each(WORST_TEMPLATES)(
    "make renderPhoneTemplate throw a TemplateLimitError for %s",
    (_case, template) => {
      let thrown: unknown;
      try {
        renderPhoneTemplate(template);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(TemplateLimitError);
      expect((thrown as Error).message).toMatch(/^(allocates|renders|takes|captures|nests|is) [^\n]+$/);
    },
  );

  it("turns liquidjs's own parse limit (an AssertionError) into a TemplateLimitError", () => {
    let thrown: unknown;
    try {
      liquidEngine().parse("x".repeat(40_001));
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toMatchObject({ name: "AssertionError" });
    expect(templateError(thrown, "x".repeat(40_001))).toEqual(
      new TemplateLimitError("length", "is 40,001 characters long; the limit is 40,000"),
    );
  });

  it("leaves other rendering failures as syntax errors with their position", () => {
    expect(() => renderPhoneTemplate("{{code}}\n{{ code | append }}")).toThrow(TemplateSyntaxError);
  });

  const multilingual =
    '{% if message_type == "voice" %}{{pause}}{{code}}{% else %}' +
    LEGACY_PHONE_DIALECT.locales
      .map(
        (locale, index) =>
          `{% ${index === 0 ? "if" : "elsif"} locale == "${locale}" %}{{code}} ${"is your code for {{tenant.friendly_name}}. ".repeat(5)}`,
      )
      .join("") +
    "{% else %}{{code}}{% endif %}{% endif %}";
  it.each<[string, string]>([
    ["a branch per locale (21,000 characters)", multilingual],
    [
      "20,000 characters of outputs that read the locale",
      `{{code}}${"{{ locale | upcase }}{{ tenant.friendly_name }}".repeat(434)}`,
    ],
    [
      "20,000 characters of ifs on the locale",
      `{{code}}${"{% if locale == 'fr' %}{{code}}{% endif %}".repeat(487)}`,
    ],
    ["40,000 characters of variables", `{{code}}${"{{a}}".repeat(7_998)}`],
    ["a 40,000-character text", `{{code}} ${"Please enter this code. ".repeat(1_666)}`],
  ])("review %s quickly and accept it", (_case, template) => {
    const { review, ms } = timedReview(template);
    expect(review.errors).toEqual([]);
    expect(ms).toBeLessThan(FAST_ENOUGH_MS / 2);
  });

  // Liquid fragments that combine into loops, captures, nesting, filters and broken markup.
  const fragment = fc.constantFrom(
    "{{code}}",
    "{{ locale | upcase }}",
    "{% if locale == 'fr' %}",
    "{% elsif message_type contains 'voice' %}",
    "{% else %}",
    "{% endif %}",
    "{% for i in (1..300) %}",
    "{% for i in (1..n) %}",
    "{% endfor %}",
    "{% capture s %}{{s}}{{s}}",
    "{% endcapture %}",
    "{% assign n = 2000 %}",
    "{% assign s = s | append: s %}",
    "{% case message_type %}{% when 'sms' %}",
    "{% endcase %}",
    "{{ s | size }}",
    "((((",
    "[[",
    "{{",
    "{%",
    "'",
    "}}",
    "text ",
  );

  it("never throw, and answer every template with one-line errors and warnings within the limits", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.boolean(), (fragments, branding) => {
        const template = fragments.join("");
        const start = performance.now();
        const review = branding
          ? reviewTemplate(template, BRANDING_PHONE_DIALECT, { channels: ["voice"], requireCode: false })
          : reviewTemplate(template, LEGACY_PHONE_DIALECT, LEGACY);
        expect(performance.now() - start).toBeLessThan(FAST_ENOUGH_MS);
        for (const line of [...review.errors, ...review.warnings]) {
          expect(line).not.toMatch(/\n|AssertionError|^\s*at /);
        }
      }),
      { numRuns: 150 },
    );
  });
});
