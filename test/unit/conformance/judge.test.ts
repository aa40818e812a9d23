import type { Difference } from "./judge";
import { judge } from "./judge";
import type { ObjectKind } from "./recordings";
import { excuseFor } from "./unreproducible";

/** The facts replay.ts gives the judge, for an answer to `method` on `kind`. */
function factsFor(method: string, kind: ObjectKind) {
  return {
    fixedShape: kind !== "settings",
    excuse: (difference: Difference) => {
      const entry = excuseFor({ method, kind }, difference);
      return entry === undefined ? undefined : { name: entry.paths.join(", "), ...entry.instead };
    },
  };
}

const template = {
  id: "tem_1",
  tenant: "recorded-tenant",
  channel: "phone",
  type: "otp_verify",
  disabled: false,
  created_at: "2025-02-10T11:53:13.007Z",
  updated_at: "2025-02-10T11:53:13.007Z",
  content: { syntax: "liquid", body: { text: "a", voice: "b" }, from: "" },
};
const ok = (body: unknown) => ({ status: 200, body });
const failures = (expected: unknown, actual: unknown, method = "GET", kind: ObjectKind = "template") =>
  judge(ok(expected), ok(actual), factsFor(method, kind)).failures.map(
    (failure) => `${failure.path || "(body)"} ${failure.what}`,
  );

describe("the judge", () => {
  it("fails any value the recording has and the answer does not, where no table entry applies", () => {
    expect(failures(template, { ...template, disabled: true })).toEqual(["disabled value"]);
    expect(failures(template, { ...template, content: { ...template.content, from: "+1" } })).toEqual([
      "content.from value",
    ]);
  });

  it("excuses a listed path's value only when the answer's value follows the entry's rule", () => {
    const answered = { ...template, tenant: "tenant-emulator", created_at: "2026-01-01T00:00:00.000Z" };
    const verdict = judge(ok(template), ok(answered), factsFor("GET", "template"));
    expect(verdict.failures).toEqual([]);
    expect(verdict.excused.map(({ difference }) => difference.path)).toEqual(["tenant", "created_at"]);
    expect(failures(template, { ...template, created_at: "yesterday" })).toEqual([
      "created_at value, and not an ISO 8601 UTC timestamp with milliseconds",
    ]);
  });

  it("excuses only the kind of difference an entry names: a listed value must still be present", () => {
    const withoutTenant: Record<string, unknown> = { ...template };
    delete withoutTenant["tenant"];
    expect(failures(template, withoutTenant)).toEqual(["(body) keys"]);
    const list = { templates: [template] };
    expect(failures(list, { templates: [withoutTenant] }, "GET", "templateList")).toEqual([
      "templates[0] keys",
    ]);
  });

  it("excuses a path only in the answers its entry names", () => {
    const settings = { friendly_name: "a", resource_parameter_profile: "audience" };
    expect(failures({ friendly_name: "a" }, settings, "PATCH", "settings")).toEqual([]);
    expect(failures({ friendly_name: "a" }, settings, "GET", "settings")).toEqual([
      "resource_parameter_profile extra",
    ]);
  });

  it("fails a settings member missing from the answer, though settings keys are not fixed in order", () => {
    const recorded = { sandbox_version: "22", enabled_locales: ["en"] };
    expect(failures(recorded, { enabled_locales: ["en"], sandbox_version: "22" }, "GET", "settings")).toEqual(
      [],
    );
    expect(failures(recorded, { enabled_locales: ["en"] }, "GET", "settings")).toEqual([
      "sandbox_version missing",
    ]);
  });

  describe("on an attack-protection set", () => {
    const recorded = { enabled: true, shields: ["block", "admin_notification"], allowlist: ["127.0.0.1"] };

    it("excuses the recorded entries in another order, and counts the reordering", () => {
      const answered = { ...recorded, shields: ["admin_notification", "block"] };
      const verdict = judge(ok(recorded), ok(answered), factsFor("PATCH", "suspiciousIpThrottling"));
      expect(verdict.failures).toEqual([]);
      expect(verdict.excused.map(({ difference }) => `${difference.path} ${difference.what}`)).toEqual([
        "shields order",
      ]);
    });

    it("fails another entry, a missing one and a repeated one, in any order", () => {
      const kind = "suspiciousIpThrottling";
      expect(
        failures(
          recorded,
          { ...recorded, shields: ["admin_notification", "user_notification"] },
          "GET",
          kind,
        ),
      ).toEqual(["shields[0] value", "shields[1] value"]);
      expect(failures(recorded, { ...recorded, shields: ["block"] }, "GET", kind)).toEqual([
        "shields length",
      ]);
      expect(failures(recorded, { ...recorded, shields: ["block", "block"] }, "GET", kind)).toEqual([
        "shields[1] value",
      ]);
    });

    it("does not excuse the order of a list the table does not name", () => {
      const withStages = { ...recorded, stage: { "pre-login": { list: [1, 2] } } };
      const answered = { ...withStages, stage: { "pre-login": { list: [2, 1] } } };
      expect(failures(withStages, answered, "GET", "suspiciousIpThrottling")).toEqual([
        "stage.pre-login.list[0] value",
        "stage.pre-login.list[1] value",
      ]);
    });

    it("leaves a member the table excuses as only answered out of the keys compared, and no other", () => {
      const recordedStages = { stage: { "pre-login": { max_attempts: 1, rate: 2 } } };
      const withThird = {
        stage: { ...recordedStages.stage, "pre-custom-token-exchange": { max_attempts: 10, rate: 600000 } },
      };
      expect(failures(recordedStages, withThird, "GET", "suspiciousIpThrottling")).toEqual([]);
      const withOther = {
        stage: { ...recordedStages.stage, "pre-other": { max_attempts: 10, rate: 600000 } },
      };
      expect(failures(recordedStages, withOther, "GET", "suspiciousIpThrottling")).toEqual(["stage keys"]);
    });
  });
});
