// The MFA-by-phone tests' program: PhoneMfa with the channels the stack config names, and the tenant's
// sender for its generation (`e2e:generation`): PhoneProvider on a unified tenant, LegacyPhoneProvider on a
// legacy one, its Twilio auth token from the secret `e2e:twilioToken`; imported when `e2e:senderImportId` is
// set. `e2e:readBack` exports what getPhoneMfaOutput reads once both are written.
import * as pulumi from "@pulumi/pulumi";
import type { PhoneChannel } from "pulumi-tenant-admin";
import { LegacyPhoneProvider, PhoneMfa, PhoneProvider, getPhoneMfaOutput } from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");
const importId = config.get("senderImportId");
const options = importId === undefined ? {} : { import: importId };
const channels = config.requireObject<PhoneChannel[]>("channels");
const authToken = config.requireSecret("twilioToken");

const mfa = new PhoneMfa("phone-mfa", { enabled: true, messageTypes: channels, resetOnDelete: true });

const sender =
  config.require("generation") === "legacy"
    ? new LegacyPhoneProvider(
        "sender",
        { provider: "twilio", twilio: { sid: "AC0123", authToken, from: "+15550100" } },
        options,
      )
    : new PhoneProvider(
        "sender",
        {
          provider: "twilio",
          deliveryMethods: channels.map((channel) => (channel === "sms" ? "text" : "voice")),
          twilio: { sid: "AC0123", authToken, defaultFrom: "+15550100" },
        },
        options,
      );

export const channelsOut = mfa.messageTypes;
export const senderTwilio = sender.twilio;
export const read = config.getBoolean("readBack")
  ? getPhoneMfaOutput({}, { dependsOn: [mfa, sender] })
  : undefined;
