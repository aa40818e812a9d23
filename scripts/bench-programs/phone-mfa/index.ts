// The phone-mfa program of `npm run bench -- --focus phone-mfa`: MFA by phone on a unified tenant, four
// resources: the factor and its channels, a Twilio sender whose token is a config secret, two OTP templates.
import * as pulumi from "@pulumi/pulumi";
import { PhoneMfa, PhoneNotificationTemplate, PhoneProvider } from "pulumi-tenant-admin";

const config = new pulumi.Config();

new PhoneMfa("phone-mfa", { enabled: true, messageTypes: ["sms", "voice"] });
new PhoneProvider("sender", {
  provider: "twilio",
  deliveryMethods: ["text", "voice"],
  twilio: { sid: "AC0123", authToken: config.requireSecret("twilioAuthToken"), defaultFrom: "+15550100" },
});
new PhoneNotificationTemplate("mfa-enrollment", {
  type: "otp_enroll",
  content: { body: { text: "{{ code }} is your code to enroll this phone with {{ friendly_name }}." } },
});
new PhoneNotificationTemplate("mfa-verification", {
  type: "otp_verify",
  content: { body: { text: "{{ code }} is your {{ friendly_name }} verification code" } },
});
