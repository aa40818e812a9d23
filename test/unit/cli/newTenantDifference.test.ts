import { membersDifferingFromNewTenant } from "../../../src/cli/newTenantDifference";

const NEW_TENANT = {
  level: "medium",
  allowlist: ["10.0.0.1", "10.0.0.2"],
  shields: { block: true, notify: false },
  secret: "never compared",
  free: {},
};

describe("what differs from a new tenant's document", () => {
  it.each([
    ["the same document", { ...NEW_TENANT, secret: undefined }, []],
    ["a list in another order", { ...NEW_TENANT, allowlist: ["10.0.0.2", "10.0.0.1"] }, []],
    [
      "members a new tenant lacks",
      { ...NEW_TENANT, extra: 1, shields: { block: true, notify: false, x: 1 } },
      [],
    ],
    ["a changed value", { ...NEW_TENANT, level: "high" }, ["level"]],
    ["a list with another entry", { ...NEW_TENANT, allowlist: ["10.0.0.1", "10.0.0.3"] }, ["allowlist"]],
    ["a list with a repeated entry", { ...NEW_TENANT, allowlist: ["10.0.0.1", "10.0.0.1"] }, ["allowlist"]],
    ["a nested member", { ...NEW_TENANT, shields: { block: false, notify: false } }, ["shields.block"]],
    ["a free-form map with keys", { ...NEW_TENANT, free: { key: "value" } }, ["free"]],
  ])("compares %s member by member", (_case, answered, differs) => {
    expect(membersDifferingFromNewTenant(NEW_TENANT, answered, ["secret"])).toEqual(differs);
  });

  it("names a member the answer lacks", () => {
    expect(membersDifferingFromNewTenant({ level: "medium" }, {})).toEqual(["level"]);
  });

  it("never compares a secret field, which the tenant never returns", () => {
    expect(
      membersDifferingFromNewTenant({ secret: "x", site_key: "" }, { site_key: "" }, ["secret"]),
    ).toEqual([]);
  });
});
