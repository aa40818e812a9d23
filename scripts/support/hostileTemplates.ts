/**
 * The worst Liquid templates known (issue 24's adversarial pass and its variations): what each one exceeds,
 * and how the template review says so. Shared by test/unit/templates/limits.test.ts and
 * `npm run measure:limits`.
 */
export const WORST_TEMPLATES: [string, string, RegExp][] = [
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
    /^takes more than 500,000 steps to render \(tags and outputs\), the limit for all its sample renderings together \(3 nested loops at line 1, column 35\)$/,
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
