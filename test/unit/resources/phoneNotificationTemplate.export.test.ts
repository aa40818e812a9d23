import { objectExport } from "../../../src/resources/phoneNotificationTemplate/export";

describe("tenant-admin export of the phone notification templates", () => {
  it("declares nothing, and says so, for a tenant that customized none", () => {
    expect(objectExport.declare({ templates: [] }, "my-tenant.eu.example.com")).toEqual({
      declarations: [],
      skipped: ["phone notification templates: the tenant customized none"],
    });
  });

  it("adopts each customized template with the import option naming the tenant's host and the template's id", () => {
    const { declarations } = objectExport.declare(
      {
        templates: [
          {
            id: "tem_abc",
            type: "otp_enroll",
            disabled: false,
            content: { syntax: "liquid", from: "", body: { text: "{{ code }} enrolls you" } },
          },
        ],
      },
      "my-tenant.eu.example.com",
    );
    expect(declarations.flatMap((declaration) => declaration.lines).join("\n")).toContain(
      [
        "new PhoneNotificationTemplate(",
        '  "phone-otp-enroll",',
        "  {",
        '    type: "otp_enroll",',
        "    disabled: false,",
        "    content: {",
        "      body: {",
        '        text: "{{ code }} enrolls you",',
        "      },",
        "    },",
        "  },",
        "  {",
        '    import: "my-tenant.eu.example.com/branding/phone/templates/tem_abc",',
        "  },",
        ");",
      ].join("\n"),
    );
  });
});
