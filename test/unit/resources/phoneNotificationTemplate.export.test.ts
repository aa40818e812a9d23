import { objectExport } from "../../../src/resources/phoneNotificationTemplate/export";

describe("tenant-admin export of the phone notification templates", () => {
  it("declares nothing, and says so, for a tenant that customized none", () => {
    expect(objectExport.declare([])).toEqual({
      declarations: [],
      skipped: ["phone notification templates: the tenant customized none"],
    });
  });
});
