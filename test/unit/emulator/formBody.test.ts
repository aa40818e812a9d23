import fc from "fast-check";

import { captchaPatchRequestSchema } from "../../../src/resources/captchaConfig/api";
import { BodyError } from "../../../src/emulator/bodyError";
import { booleanPathsOf, parseFormBody, splitFieldName } from "../../../src/emulator/formBody";

describe("bracket-notation form bodies", () => {
  it.each<[string, string[]]>([
    ["site_key", ["site_key"]],
    ["hcaptcha[site_key]", ["hcaptcha", "site_key"]],
    ["a[b][c]", ["a", "b", "c"]],
    ["a[]", ["a", ""]],
    ["a[b", ["a[b"]],
    ["[a]", ["[a]"]],
    ["a]b", ["a]b"]],
    ["a[b]c", ["a[b]c"]],
  ])("splits %s into %j", (name, segments) => {
    expect(splitFieldName(name)).toEqual(segments);
  });

  it.each<[string, Record<string, unknown>]>([
    ["", {}],
    ["active_provider_id=hcaptcha", { active_provider_id: "hcaptcha" }],
    ["hcaptcha[site_key]=k&hcaptcha[secret]=s", { hcaptcha: { site_key: "k", secret: "s" } }],
    ["hcaptcha%5Bsite_key%5D=a+b%20c", { hcaptcha: { site_key: "a b c" } }],
    ["simple_captcha[a][b]=1", { simple_captcha: { a: { b: "1" } } }],
    ["x=1&x=2", { x: ["1", "2"] }],
    ["x[]=1&x[]=2", { x: ["1", "2"] }],
    ["x=", { x: "" }],
    ["auth_challenge[fail_open]=true", { auth_challenge: { fail_open: true } }],
    ["arkose[fail_open]=false", { arkose: { fail_open: false } }],
    ["arkose[fail_open]=TRUE", { arkose: { fail_open: "TRUE" } }],
    ["arkose[site_key]=true", { arkose: { site_key: "true" } }],
    ["fail_open=true", { fail_open: "true" }],
  ])("parses %s", (text, expected) => {
    expect(parseFormBody(text, booleanPathsOf(captchaPatchRequestSchema))).toEqual(expected);
  });

  it("finds the boolean members of the CAPTCHA schema", () => {
    expect(booleanPathsOf(captchaPatchRequestSchema)).toEqual([
      ["arkose", "fail_open"],
      ["auth_challenge", "fail_open"],
    ]);
  });

  it.each<[string, string]>([
    ["a=1&a[b]=2", "Payload validation error: 'Conflicting form fields' on property a."],
    ["a[b]=2&a=1", "Payload validation error: 'Conflicting form fields' on property a."],
    ["a[][b]=1", "Payload validation error: 'Unsupported form field name: a[][b]'."],
    ["a[b][c][d][e][f]=1", "Payload validation error: 'Form field nesting is too deep: a[b][c][d][e][f]'."],
  ])("refuses %s with a 400", (text, message) => {
    const error = (() => {
      try {
        parseFormBody(text);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();

    expect(error).toBeInstanceOf(BodyError);
    expect(error).toMatchObject({ status: 400, message });
  });

  it("keeps __proto__ and constructor as plain keys, without touching any prototype", () => {
    const parsed = parseFormBody(
      "__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a[__proto__]=x",
    );

    expect(Object.keys(parsed)).toEqual(["__proto__", "constructor", "a"]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("round-trips any nested object of strings written in bracket notation", () => {
    const key = fc.stringMatching(/^[a-z0-9_]{1,8}$/);
    const leaf = fc.string({ maxLength: 20 });
    const tree = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: "small" }, leaf, tie("node")), {
        minKeys: 1,
        maxKeys: 4,
      }),
    })).node;
    const flatten = (value: Record<string, unknown>, prefix: string[] = []): [string, string][] =>
      Object.entries(value).flatMap(([name, child]) => {
        const path = [...prefix, name];
        if (typeof child === "string") {
          const [head = "", ...rest] = path;
          return [[`${head}${rest.map((segment) => `[${segment}]`).join("")}`, child] as [string, string]];
        }
        return flatten(child as Record<string, unknown>, path);
      });
    const depth = (value: unknown): number =>
      typeof value === "string" ? 0 : 1 + Math.max(0, ...Object.values(value as object).map(depth));

    fc.assert(
      fc.property(
        tree.filter((value) => depth(value) <= 5),
        (value) => {
          const text = new URLSearchParams(flatten(value)).toString();
          expect(parseFormBody(text)).toEqual(value);
        },
      ),
      { numRuns: 200 },
    );
  });
});
