import fc from "fast-check";

import {
  RENDER_STEP_LIMIT,
  RENDER_TIME_LIMIT_MS,
  TemplateSyntaxError,
  TemplateLimitError,
  renderTemplate,
  reviewTemplate,
} from "../../../src/templates";
import { LEGACY_PHONE_DIALECT, renderPhoneTemplate } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { Clock, TemplateReview } from "../../../src/templates";
import { liquidEngine, templateError } from "../../../src/templates/liquid";
import { figure } from "../../../src/templates/limits";
import { WORST_TEMPLATES } from "../../../scripts/support/hostileTemplates";

const LEGACY = { channels: ["sms", "voice"], requireCode: true } as const;

// A busy machine may take seconds for what an idle one does in milliseconds: no test here reads the time.
jest.setTimeout(120_000);

/** A clock that never moves: only the limits that count (steps, memory, output, nesting, length) can stop a review. */
const frozen: Clock = () => 0;

/** A clock that moves `stepMs` each time it is read. */
function ticking(stepMs: number): Clock {
  let now = 0;
  return () => (now += stepMs);
}

function review(template: string, clock: Clock = frozen): TemplateReview {
  return reviewTemplate(template, LEGACY_PHONE_DIALECT, LEGACY, clock);
}

const [twoLoops, , billionIterations] = WORST_TEMPLATES.map(([, template]) => template) as [
  string,
  string,
  string,
];

describe("the template limits", () => {
  it.each(WORST_TEMPLATES)("refuse %s with one line naming the limit", (_case, template, error) => {
    expect(review(template).errors).toEqual([expect.stringMatching(error)]);
  });

  it("stop a loop that allocates nothing by its step count, however long the steps take", () => {
    expect(review(billionIterations, frozen).errors).toEqual([
      "takes more than 500,000 steps to render (tags and outputs), the limit for all its sample renderings together (3 nested loops at line 1, column 35)",
    ]);
    expect(RENDER_STEP_LIMIT).toBe(500_000);
  });

  it("stop two nested loops by their allocations, which come before the step limit", () => {
    expect(review(twoLoops).errors).toEqual([
      expect.stringMatching(/^allocates more than 100,000 range items, array items or characters/),
    ]);
  });

  it("stop a review whose renderings run past the time limit on its clock, at the step that passes it", () => {
    // 1 ms per step: the deadline passes at step 10,001, long before the step or memory limit.
    const clock = ticking(1);
    expect(review(twoLoops, clock).errors).toEqual([
      "takes longer than 10 s to render, the limit for all its sample renderings together (loops over 9,000,000 iterations at line 1, column 9)",
    ]);
    expect(clock()).toBe(RENDER_TIME_LIMIT_MS + 3);
  });

  it("count the step limit before the clock: a step past both names the steps", () => {
    // The clock passes the deadline exactly at the step past the step limit.
    let reads = 0;
    const clock: Clock = () => (++reads > RENDER_STEP_LIMIT + 1 ? Infinity : 0);
    expect(review(billionIterations, clock).errors).toEqual([
      expect.stringMatching(/^takes more than 500,000 steps to render/),
    ]);
  });

  it("share one budget between all the sample renderings of a review", () => {
    const template = "{{code}}{% for i in (1..100) %}{% if true %}x{% endif %}{% endfor %}";
    const sample = { channel: "sms", code: "123456", friendlyName: "Acme", pause: "" } as const;
    let reads = 0;
    const counting: Clock = () => (reads += 1) && 0;
    renderTemplate(template, LEGACY_PHONE_DIALECT, sample, counting);
    const oneRendering = reads;
    reads = 0;
    review(template, counting);
    const wholeReview = reads;
    // A clock that moves so that one rendering ends within the time limit, and all of them together do not.
    const stepMs = RENDER_TIME_LIMIT_MS / (oneRendering + 1);
    expect(wholeReview * stepMs).toBeGreaterThan(RENDER_TIME_LIMIT_MS);

    expect(renderTemplate(template, LEGACY_PHONE_DIALECT, sample, ticking(stepMs))).toBe(
      `123456${"x".repeat(100)}`,
    );
    expect(review(template, ticking(stepMs)).errors).toEqual([
      expect.stringMatching(/^takes longer than 10 s to render/),
    ]);
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
  ])("accept %s, within the step limit", (_case, template) => {
    expect(review(template).errors).toEqual([]);
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

  it("never throw, and answer every template with one-line errors and warnings", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.boolean(), (fragments, branding) => {
        const template = fragments.join("");
        const reviewed = branding
          ? reviewTemplate(
              template,
              BRANDING_PHONE_DIALECT,
              { channels: ["voice"], requireCode: false },
              frozen,
            )
          : review(template);
        for (const line of [...reviewed.errors, ...reviewed.warnings]) {
          expect(line).not.toMatch(/\n|AssertionError|^\s*at /);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("figure", () => {
  it("groups a count's digits by three, as en-US prints them", () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(figure(count)).toBe(count.toLocaleString("en-US"));
      }),
    );
    expect([0, 999, 1000, 40_000, 1_234_567].map(figure)).toEqual([
      "0",
      "999",
      "1,000",
      "40,000",
      "1,234,567",
    ]);
  });
});
