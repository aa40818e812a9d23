// examples/phone-mfa: MFA by phone as code on a tenant of the Unified Phone Experience (every tenant created
// since March 2025): the factor and its channels (PhoneMfa), who sends (PhoneProvider, a Twilio account) and
// what the messages say (the otp_enroll and otp_verify phone notification templates). The stack config files
// make prod differ from dev: dev sends SMS only from one number, prod sends SMS and voice through a Twilio
// Messaging Service. See docs/phone-mfa.md; a legacy tenant declares LegacyPhoneProvider and PhoneTemplates
// instead (docs/which-phone-resource.md).
//
// Each environment's tenant comes from its own AUTH0_DOMAIN / AUTH0_CLIENT_ID / AUTH0_CLIENT_SECRET, or from
// the stack config keys tenant-admin:domain, tenant-admin:clientId and tenant-admin:clientSecret.
//
// The Twilio auth token is never committed: set it per stack, encrypted, with
//   pulumi config set --secret twilioAuthToken <auth token> --stack <stack>
import * as pulumi from "@pulumi/pulumi";
import type { PhoneChannel, PhoneProviderTwilioArgs } from "pulumi-tenant-admin";
import { PhoneMfa, PhoneNotificationTemplate, PhoneProvider } from "pulumi-tenant-admin";

const config = new pulumi.Config();
const channels = config.requireObject<PhoneChannel[]>("channels");

// The factor is switched on before its channels are written. Turning it on prompts nobody by itself: the
// tenant's MFA policy decides when MFA is asked.
const mfa = new PhoneMfa("phone-mfa", { enabled: true, messageTypes: channels });

// Twilio needs the number messages come from or a Messaging Service, exactly one of them.
const messagingServiceSid = config.get("twilioMessagingServiceSid");
const twilio: PhoneProviderTwilioArgs = {
  sid: config.require("twilioAccountSid"),
  authToken: config.requireSecret("twilioAuthToken"),
  ...(messagingServiceSid === undefined
    ? { defaultFrom: config.require("twilioFrom") }
    : { messagingServiceSid }),
};

const sender = new PhoneProvider("sender", {
  provider: "twilio",
  // The provider's names for the channels: text for SMS, voice for calls.
  deliveryMethods: channels.map((channel) => (channel === "sms" ? "text" : "voice")),
  twilio,
});

new PhoneNotificationTemplate("mfa-enrollment", {
  type: "otp_enroll",
  content: { body: { text: config.require("enrollmentMessage") } },
});

new PhoneNotificationTemplate("mfa-verification", {
  type: "otp_verify",
  content: { body: { text: config.require("verificationMessage") } },
});

export const environment = pulumi.getStack();
export const phoneMfa = { enabled: mfa.enabled, channels: mfa.messageTypes };
export const phoneProviderId = sender.memberId;
