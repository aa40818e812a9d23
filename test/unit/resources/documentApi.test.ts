import { describeDocument } from "../../../src/wire/documentEndpoints";
import { breachedPasswordDetectionDocument } from "../../../src/resources/breachedPasswordDetection/api";
import { suspiciousIpThrottlingDocument } from "../../../src/resources/suspiciousIpThrottling/api";

describe("a document's schemas and endpoints, derived from its members", () => {
  it("makes a GET and a PATCH at one path with the read and update scopes, the read shared", () => {
    const { get, patch } = suspiciousIpThrottlingDocument;
    expect(get).toMatchObject({ method: "GET", scope: "read:attack_protection", sharedRead: true });
    expect(patch).toMatchObject({ method: "PATCH", scope: "update:attack_protection", sharedRead: false });
    expect(patch.path).toBe(get.path);
    expect(patch.encodings).toEqual(["json"]);
    expect(patch.request).toBe(suspiciousIpThrottlingDocument.patchSchema);
    expect(get.response).toBe(suspiciousIpThrottlingDocument.responseSchema);
  });

  it("takes a PATCH of any member, a nested stage member by member", () => {
    const schema = suspiciousIpThrottlingDocument.patchSchema;
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ stage: { "pre-login": { rate: 34560 } } }).success).toBe(true);
  });

  it.each([
    ["an unknown member", { enabeld: true }],
    ["an unknown member of a stage", { stage: { "pre-login": { rates: 1 } } }],
    ["an unknown stage", { stage: { "pre-signup": {} } }],
    ["a value out of its range", { stage: { "pre-login": { rate: 1 } } }],
  ])("refuses %s in a PATCH", (_case, body) => {
    expect(suspiciousIpThrottlingDocument.patchSchema.safeParse(body).success).toBe(false);
  });

  it("sends a list whole: its items keep their rules", () => {
    const schema = breachedPasswordDetectionDocument.patchSchema;
    expect(schema.safeParse({ stage: { "pre-change-password": { shields: ["block"] } } }).success).toBe(true);
    expect(
      schema.safeParse({ stage: { "pre-change-password": { shields: ["user_notification"] } } }).success,
    ).toBe(false);
  });

  it("holds the stored document to every member", () => {
    expect(breachedPasswordDetectionDocument.schema.safeParse({ enabled: true }).success).toBe(false);
  });
});

describe("describeDocument", () => {
  type Lock = { enabled: boolean; max_attempts: number };
  interface LockMembers {
    enabled?: boolean;
    maxAttempts?: number;
  }
  const lockDocument = describeDocument<Lock, LockMembers>()({
    path: "/lock",
    scopes: { read: "read:lock", update: "update:lock" },
    members: (z) => ({ enabled: z.boolean(), max_attempts: z.int().min(1) }),
  })({
    name: "lock",
    label: "lock",
    resource: { type: "Lock", docs: "docs/lock.md" },
    newTenant: { enabled: false, max_attempts: 3 },
  });

  it("keeps the description and puts the endpoints and schemas in place of the members, path and scopes", () => {
    expect(lockDocument).toMatchObject({ name: "lock", label: "lock", newTenant: { max_attempts: 3 } });
    expect(lockDocument.get).toMatchObject({ method: "GET", path: "/lock", scope: "read:lock" });
    expect(lockDocument.patch).toMatchObject({ method: "PATCH", path: "/lock", scope: "update:lock" });
    expect(lockDocument.patchSchema.safeParse({ max_attempts: 0 }).success).toBe(false);
    for (const key of ["members", "path", "scopes"]) expect(lockDocument).not.toHaveProperty(key);
  });

  it("does not compile when the program's members do not spell the wire body", () => {
    // A misspelled member and a member of another type: each a compile error (tsc checks the tests).
    // @ts-expect-error membersDifferFromTheWireBody
    expect(() => describeDocument<Lock, { enabled?: boolean; maxAttempt?: number }>()).not.toThrow();
    // @ts-expect-error membersDifferFromTheWireBody
    expect(() => describeDocument<Lock, { enabled?: string; maxAttempts?: number }>()).not.toThrow();
  });
});
