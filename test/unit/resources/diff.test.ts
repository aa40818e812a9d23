import { createCaptchaConfigProvider } from "./support";
import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { breachedPasswordDetectionDocument } from "../../../src/resources/breachedPasswordDetection/api";
import { suspiciousIpThrottlingDocument } from "../../../src/resources/suspiciousIpThrottling/api";
import { documentProvider } from "../../../src/resources/tenantObject/provider/document";
import { UNKNOWN, configuredContext, recordingLog } from "./support";

const context = configuredContext();
const captcha = createCaptchaConfigProvider(context);
const templates = createPhoneTemplatesProvider(context, recordingLog());
const domain = "http://127.0.0.1:1";
const inputs = { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "s", secret: "old-secret" } };

describe("diff", () => {
  it("reports no change when the inputs equal the state", async () => {
    expect(await captcha.diff("id", { ...inputs, domain }, inputs)).toMatchObject({
      changes: false,
      replaces: [],
    });
  });

  it("reports a changed secret as a change, without saying what it is", async () => {
    const result = await captcha.diff(
      "id",
      { ...inputs, domain },
      { ...inputs, hcaptcha: { siteKey: "s", secret: "new" } },
    );
    expect(result).toMatchObject({ changes: true, replaces: [] });
    expect(JSON.stringify(result)).not.toContain("new");
  });

  it("reports a value not known yet as a possible change", async () => {
    expect(
      await captcha.diff(
        "id",
        { ...inputs, domain },
        { ...inputs, hcaptcha: { siteKey: UNKNOWN, secret: "old-secret" } },
      ),
    ).toMatchObject({ changes: true });
  });

  it("replaces the resource when it moves to another tenant", async () => {
    const tenant = { domain: "https://other.example.com", clientId: "id", clientSecret: "s" };
    expect(await captcha.diff("id", { ...inputs, domain }, { ...inputs, tenant })).toMatchObject({
      changes: true,
      replaces: ["tenant"],
    });
  });

  it("does not look at outputs that are not inputs", async () => {
    const messages = { enrollmentMessage: "{{code}}", verificationMessage: "{{code}}" };
    expect(await templates.diff("id", { ...messages, domain }, messages)).toMatchObject({ changes: false });
  });
});

describe("diff of a document whose lists are sets", () => {
  const suspiciousIps = documentProvider(context, {
    ...suspiciousIpThrottlingDocument,
    resource: suspiciousIpThrottlingDocument.resource,
  });
  const breachedPasswords = documentProvider(context, {
    ...breachedPasswordDetectionDocument,
    resource: breachedPasswordDetectionDocument.resource,
  });
  const declared = { shields: ["block", "admin_notification"], allowlist: ["10.0.0.0/8", "2001:db8::/32"] };

  it("reports no change when the program lists the same entries in another order", async () => {
    const reordered = {
      shields: ["admin_notification", "block"],
      allowlist: ["2001:db8::/32", "10.0.0.0/8"],
    };
    expect(await suspiciousIps.diff("id", { ...declared, domain }, reordered)).toMatchObject({
      changes: false,
    });
    const stage = (...shields: string[]) => ({ stage: { "pre-user-registration": { shields } } });
    expect(
      await breachedPasswords.diff(
        "id",
        { ...stage("block", "admin_notification"), domain },
        stage("admin_notification", "block"),
      ),
    ).toMatchObject({ changes: false });
  });

  it("reports an entry added, removed or replaced as a change", async () => {
    for (const allowlist of [["10.0.0.0/8"], ["10.0.0.0/8", "2001:db8::/32", "::1"], ["10.0.0.0/8", "::1"]]) {
      expect(
        await suspiciousIps.diff("id", { ...declared, domain }, { ...declared, allowlist }),
      ).toMatchObject({
        changes: true,
      });
    }
  });
});
