import { breachedPasswordDetectionApi } from "../../../src/resources/breachedPasswordDetection/api";
import { suspiciousIpThrottlingApi } from "../../../src/resources/suspiciousIpThrottling/api";

describe("a document's schemas and endpoints, derived from its members", () => {
  it("makes a GET and a PATCH at one path with the read and update scopes, the read shared", () => {
    const { get, patch } = suspiciousIpThrottlingApi;
    expect(get).toMatchObject({ method: "GET", scope: "read:attack_protection", sharedRead: true });
    expect(patch).toMatchObject({ method: "PATCH", scope: "update:attack_protection", sharedRead: false });
    expect(patch.path).toBe(get.path);
    expect(patch.encodings).toEqual(["json"]);
    expect(patch.request).toBe(suspiciousIpThrottlingApi.patchSchema);
    expect(get.response).toBe(suspiciousIpThrottlingApi.responseSchema);
  });

  it("takes a PATCH of any member, a nested stage member by member", () => {
    const schema = suspiciousIpThrottlingApi.patchSchema;
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ stage: { "pre-login": { rate: 34560 } } }).success).toBe(true);
  });

  it.each([
    ["an unknown member", { enabeld: true }],
    ["an unknown member of a stage", { stage: { "pre-login": { rates: 1 } } }],
    ["an unknown stage", { stage: { "pre-signup": {} } }],
    ["a value out of its range", { stage: { "pre-login": { rate: 1 } } }],
  ])("refuses %s in a PATCH", (_case, body) => {
    expect(suspiciousIpThrottlingApi.patchSchema.safeParse(body).success).toBe(false);
  });

  it("sends a list whole: its items keep their rules", () => {
    const schema = breachedPasswordDetectionApi.patchSchema;
    expect(schema.safeParse({ stage: { "pre-change-password": { shields: ["block"] } } }).success).toBe(true);
    expect(
      schema.safeParse({ stage: { "pre-change-password": { shields: ["user_notification"] } } }).success,
    ).toBe(false);
  });

  it("holds the stored document to every member", () => {
    expect(breachedPasswordDetectionApi.schema.safeParse({ enabled: true }).success).toBe(false);
  });
});
