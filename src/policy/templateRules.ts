/**
 * The phone message guardrails, decided by the package's own template rules (src/templates): every OTP
 * message outputs the code on every path its Liquid may take, and every SMS stays within a number of
 * segments. Both template resources are read: PhoneNotificationTemplate (`content.body.text` by SMS,
 * `content.body.voice` by voice) and the legacy PhoneTemplates (each message by SMS and by voice).
 */
import { brandingPhoneDialect } from "../resources/phoneNotificationTemplate/dialect";
import { phoneNotificationTemplateIdentity } from "../resources/phoneNotificationTemplate/api";
import { phoneTemplatesIdentity } from "../resources/phoneTemplates/api";
import { LEGACY_PHONE_DIALECT } from "../resources/phoneTemplates/dialect";
import type { TemplateChannel, TemplateDialect } from "../templates";
import { previewSms } from "../templates";
import type { AnalyzedTemplate } from "../templates/liquid";
import { analyzeTemplate } from "../templates/liquid";
import { casesWithoutCode, renderCases } from "../templates/renderCases";
import type { Finding, RuleResource, TenantRule } from "./rule";

/** The PhoneNotificationTemplate types whose message is a one-time code. */
const OTP_TYPES: readonly string[] = ["otp_enroll", "otp_verify"];

/** One message a template resource declares: its property, its Liquid and how it is sent. */
interface Message {
  readonly property: string;
  readonly template: string;
  readonly channels: readonly TemplateChannel[];
  readonly dialect: TemplateDialect;
}

const LEGACY_MESSAGES = ["enrollmentMessage", "verificationMessage"] as const;

function stringAt(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The messages a resource declares. A PhoneNotificationTemplate's `type` is read first, and its texts only
 * when `ofType` accepts it: a rule reads no more than it needs (a value read that is unknown at preview
 * stops the rule).
 */
function messagesOf({ type, props }: RuleResource, ofType: (type: unknown) => boolean): Message[] {
  if (type === phoneTemplatesIdentity.resource.type) {
    return LEGACY_MESSAGES.flatMap((property) => {
      const template = props[property];
      return typeof template === "string"
        ? [{ property, template, channels: ["sms", "voice"] as const, dialect: LEGACY_PHONE_DIALECT }]
        : [];
    });
  }
  const templateType = props["type"];
  if (!ofType(templateType) || typeof templateType !== "string") return [];
  const dialect = brandingPhoneDialect(templateType);
  return (["text", "voice"] as const).flatMap((key) => {
    const template = stringAt(props["content"], "body", key);
    const channel: TemplateChannel = key === "text" ? "sms" : "voice";
    return typeof template === "string"
      ? [{ property: `content.body.${key}`, template, channels: [channel], dialect }]
      : [];
  });
}

/** The channels whose message lacks the code on some path, or `undefined` when the template does not render. */
function channelsWithoutCode(message: Message): { channel: TemplateChannel; always: boolean }[] | undefined {
  let analyzed: AnalyzedTemplate;
  try {
    analyzed = analyzeTemplate(message.template);
  } catch {
    return undefined;
  }
  const cases = renderCases(analyzed, message.dialect, message.channels);
  const missing = casesWithoutCode(analyzed, message.dialect, cases);
  if (typeof missing === "string") return undefined;
  return message.channels.flatMap((channel) => {
    const failing = missing.filter((renderCase) => renderCase.channel === channel).length;
    if (failing === 0) return [];
    const all = cases.filter((renderCase) => renderCase.channel === channel).length;
    return [{ channel, always: failing === all }];
  });
}

/** Why a message lacks the code, naming the channels and whether only some paths do; never the template. */
function missingCodeFinding(
  property: string,
  missing: readonly { channel: TemplateChannel; always: boolean }[],
): Finding {
  const parts = missing.map(({ channel, always }) =>
    always ? `the ${channel} message never does` : `the ${channel} message does not on every path`,
  );
  return {
    property,
    reason: `must output {{code}}, the one-time code, on every path: ${parts.join(", and ")}`,
  };
}

/** `otp-message-has-code`: every OTP message, SMS and voice, of both template resources outputs the code. */
export const otpMessageHasCode: TenantRule = {
  name: "otp-message-has-code",
  description:
    "Every OTP message (PhoneNotificationTemplate otp_enroll and otp_verify, PhoneTemplates), SMS and voice, outputs {{code}} on every path.",
  resources: [phoneNotificationTemplateIdentity.resource, phoneTemplatesIdentity.resource],
  settings: {},
  check(resource) {
    return messagesOf(resource, (type) => OTP_TYPES.includes(type as string)).flatMap((message) => {
      const missing =
        message.template.trim() === ""
          ? message.channels.map((channel) => ({ channel, always: true }))
          : channelsWithoutCode(message);
      if (missing === undefined) {
        const reason =
          "must render under the platform's Liquid rules to show it outputs {{code}}; it does not";
        return [{ property: message.property, reason }];
      }
      return missing.length === 0 ? [] : [missingCodeFinding(message.property, missing)];
    });
  },
};

/** The default of `maxSegments`: what two SMS cost. */
const DEFAULT_MAX_SEGMENTS = 2;

/** The most segments an SMS template sends: without a locale, and in each locale it may branch on. */
function segmentsOf(message: Message): number | undefined {
  try {
    const preview = previewSms(message.template, message.dialect, { subject: message.property });
    return Math.max(preview.count.segments, ...preview.multiSegmentLocales.map(({ segments }) => segments));
  } catch {
    return undefined;
  }
}

/** `sms-segments`: each SMS renders within `maxSegments` segments, by the package's own counter. */
export const smsSegmentsRule: TenantRule = {
  name: "sms-segments",
  description:
    "Each SMS of PhoneNotificationTemplate and PhoneTemplates renders within maxSegments segments (GSM-7 or UCS-2), each billed as one SMS.",
  resources: [phoneNotificationTemplateIdentity.resource, phoneTemplatesIdentity.resource],
  settings: {
    maxSegments: {
      type: "integer",
      minimum: 1,
      default: DEFAULT_MAX_SEGMENTS,
      description: "The most segments one SMS may be sent as, in any locale.",
    },
  },
  check(resource, { maxSegments = DEFAULT_MAX_SEGMENTS }) {
    return messagesOf(resource, (type) => typeof type === "string").flatMap((message) => {
      if (!message.channels.includes("sms")) return [];
      const segments = segmentsOf({ ...message, channels: ["sms"] });
      if (segments === undefined || segments <= maxSegments) return [];
      return [
        {
          property: message.property,
          reason:
            `must send at most ${maxSegments} SMS segments (maxSegments): it renders as ${segments} ` +
            `with a 6-digit code and the platform's default friendly name`,
        },
      ];
    });
  },
};
