// The e2e tests' program: what it declares is chosen by stack config, so a test changes the program's
// desired state with `pulumi config set` exactly as a user edits a stack.
import * as pulumi from "@pulumi/pulumi";
import type { PhoneNotificationType, TenantSettingsFieldName } from "pulumi-tenant-admin";
import {
  CaptchaConfig,
  PhoneNotificationTemplate,
  PhoneTemplates,
  TenantApiError,
  getTenantSettings,
  getTenantSettingsOutput,
} from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");

// An explicit tenant argument for both resources, when `e2e:tenantDomain` is set; a tenant of
// tenant-admin:tenants, when `e2e:tenantName` names one.
const tenantDomain = config.get("tenantDomain");
const tenantName = config.get("tenantName");
const tenant = tenantName
  ? { tenant: tenantName }
  : tenantDomain
    ? {
        tenant: {
          domain: tenantDomain,
          clientId: config.require("tenantClientId"),
          clientSecret: config.requireSecret("tenantClientSecret"),
          ...(config.get("tenantAudience") ? { audience: config.require("tenantAudience") } : {}),
        },
      }
    : {};

const activeProviderId = config.get("activeProviderId");
if (activeProviderId) {
  const siteKey = config.get("hcaptchaSiteKey");
  const captcha = new CaptchaConfig("captcha", {
    activeProviderId: activeProviderId as "hcaptcha",
    ...(siteKey ? { hcaptcha: { siteKey, secret: config.require("hcaptchaSecret") } } : {}),
    ...(config.get("recaptchaEnterpriseSiteKey")
      ? {
          recaptchaEnterprise: {
            siteKey: config.require("recaptchaEnterpriseSiteKey"),
            apiKey: config.requireSecret("recaptchaEnterpriseApiKey"),
            projectId: config.require("recaptchaEnterpriseProjectId"),
          },
        }
      : {}),
    ...(config.getBoolean("authChallengeFailOpen") === undefined
      ? {}
      : { authChallenge: { failOpen: config.requireBoolean("authChallengeFailOpen") } }),
    resetOnDelete: config.getBoolean("resetOnDelete") ?? false,
    ...tenant,
  });
  exports.activeProviderId = captcha.activeProviderId;
  exports.hcaptchaSiteKey = captcha.hcaptcha.apply((block) => block?.siteKey);
  exports.captchaDomain = captcha.domain;
}

const enrollmentMessage = config.get("enrollmentMessage");
if (enrollmentMessage) {
  const templates = new PhoneTemplates("templates", {
    enrollmentMessage,
    verificationMessage: config.require("verificationMessage"),
    ...tenant,
  });
  exports.enrollmentMessage = templates.enrollmentMessage;
  exports.verificationMessage = templates.verificationMessage;
}

// Phone notification templates: one per entry of `e2e:notificationTemplates` (a JSON list), each imported
// with the `import` resource option when its entry has an `importId`.
interface NotificationTemplateEntry {
  type: PhoneNotificationType;
  text?: string;
  voice?: string;
  from?: string;
  disabled?: boolean;
  importId?: string;
}
const notificationTemplates = config.getObject<NotificationTemplateEntry[]>("notificationTemplates") ?? [];
if (notificationTemplates.length > 0) {
  exports.notificationTemplates = Object.fromEntries(
    notificationTemplates.map((entry) => {
      const template = new PhoneNotificationTemplate(
        `phone-${entry.type}`,
        {
          type: entry.type,
          ...(entry.disabled === undefined ? {} : { disabled: entry.disabled }),
          content: {
            ...(entry.from === undefined ? {} : { from: entry.from }),
            body: {
              ...(entry.text === undefined ? {} : { text: entry.text }),
              ...(entry.voice === undefined ? {} : { voice: entry.voice }),
            },
          },
          ...tenant,
        },
        entry.importId === undefined ? {} : { import: entry.importId },
      );
      return [
        entry.type,
        { templateId: template.templateId, text: template.content.apply((c) => c.body.text) },
      ];
    }),
  );
}

const settingsFields = config.get("settingsFields");
if (settingsFields) {
  const settings = getTenantSettingsOutput({
    fields: settingsFields.split(",") as TenantSettingsFieldName[],
    includeFields: config.getBoolean("includeFields") ?? true,
  });
  // `e2e:settingsExport` friendlyName: one field, as programs often export it (an Output the SDK lifts).
  exports.settings =
    config.get("settingsExport") === "friendlyName"
      ? (settings as unknown as pulumi.Output<{ friendlyName?: string }>).friendlyName
      : settings;
}

// A program that catches the function's failure by class, as a user's program may.
const catchSettingsError = config.getBoolean("catchSettingsError");
if (catchSettingsError !== undefined) {
  const attempt = getTenantSettings({ fields: ["friendlyName"] });
  exports.settingsError = catchSettingsError
    ? attempt.then(
        () => "none",
        (error: unknown) => (error instanceof TenantApiError ? `TenantApiError ${error.status}` : "other"),
      )
    : attempt.then(() => "none");
}
