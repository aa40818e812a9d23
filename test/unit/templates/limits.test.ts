import fc from "fast-check";

import { TemplateSyntaxError, TemplateLimitError, reviewTemplate } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT, renderPhoneTemplate } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { TemplateReview } from "../../../src/templates";
import { liquidEngine, templateError } from "../../../src/templates/liquid";

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

// The worst templates known: what each exceeds, and how the review says so.
const WORST: [string, string, RegExp][] = [
  [
    "two nested loops over (1..3000), 108 characters that ran for 10 s",
    "{{code}}{% for a in (1..3000) %}{% for b in (1..3000) %}{% assign c = b | plus: 1 %}{% endfor %}{% endfor %}",
    /^allocates more than 100,000 range items, array items or characters in one rendering, the limit \(loops over 9,000,000 iterations at line 1, column 9\)$/,
  ],
  [
    "90 characters that rendered 90 MB",
    "{{code}}{% for a in (1..3000) %}{% for b in (1..3000) %}xxxxxxxxxx{% endfor %}{% endfor %}",
    /^renders more than 50,000 characters, the limit \(stopped at line 1, column \d+\)$/,
  ],
  [
    "three nested loops over one array (a billion iterations, no new memory)",
    "{{code}}{% assign a = (1..1000) %}{% for x in a %}{% for y in a %}{% for z in a %}{% endfor %}{% endfor %}{% endfor %}",
    /^takes longer than 1 s to render, the limit for all its sample renderings together \(3 nested loops at line 1, column 35\)$/,
  ],
  [
    "a capture that doubles a string 28 times",
    "{{code}}{% capture s %}x{% endcapture %}{% for i in (1..28) %}{% capture s %}{{s}}{{s}}{% endcapture %}{% endfor %}{{ s | size }}",
    /^captures more than 50,000 characters, the limit \(stopped at line 1, column \d+\)$/,
  ],
  [
    "a loop over a range of a billion",
    "{{code}}{% for i in (1..1000000000) %}{% endfor %}",
    /^allocates more than 100,000 .*\(loops over 1,000,000,000 iterations at line 1, column 9\)$/,
  ],
  [
    "a date padded to a billion characters",
    "{{code}}{{ 'now' | date: '%999999999d' }}",
    /^allocates more than 100,000 .*\(stopped at line 1, column 9\)$/,
  ],
  [
    "1,500 nested ifs (too deep for liquidjs's recursion)",
    `{{code}}${"{% if true %}".repeat(1500)}${"{% endif %}".repeat(1500)}`,
    /^nests tags, brackets or parentheses too deeply \(1,500 levels; the limit is 50\)$/,
  ],
  [
    "19,000 nested parentheses",
    `{{code}}{% if ${"(".repeat(19_000)}a${")".repeat(19_000)} %}{% endif %}`,
    /^nests tags, brackets or parentheses too deeply \(19,001 levels; the limit is 50\)$/,
  ],
  [
    "a template over the length limit (liquidjs parseLimit)",
    `{{code}}${"x".repeat(40_000)}`,
    /^is 40,008 characters long; the limit is 40,000$/,
  ],
];

describe("the template limits", () => {
  it.each(WORST)("refuse %s fast, with one line naming the limit", (_case, template, error) => {
    const { review, ms } = timedReview(template);
    expect(review.errors).toEqual([expect.stringMatching(error)]);
    expect(ms).toBeLessThan(FAST_ENOUGH_MS);
  });

  it.each(WORST)("make renderPhoneTemplate throw a TemplateLimitError for %s", (_case, template) => {
    let thrown: unknown;
    try {
      renderPhoneTemplate(template);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(TemplateLimitError);
    expect((thrown as Error).message).toMatch(/^(allocates|renders|takes|captures|nests|is) [^\n]+$/);
  });

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
