import { otpMessageHasCode, smsSegmentsRule } from "../../../src/policy/templateRules";

const notification = (type: string, body: { text?: string; voice?: string }) => ({
  type: "PhoneNotificationTemplate",
  props: { type, content: { body } },
});
const legacy = (enrollmentMessage: string, verificationMessage = "{{code}} verifies you") => ({
  type: "PhoneTemplates",
  props: { enrollmentMessage, verificationMessage },
});
const otp = (resource: ReturnType<typeof notification> | ReturnType<typeof legacy>) =>
  otpMessageHasCode.check(resource, {}).map(({ property, reason }) => `${property} ${reason}`);

describe("otp-message-has-code", () => {
  it.each(["otp_verify", "otp_enroll"])(
    "accepts a %s template whose SMS and voice output the code",
    (type) => {
      expect(
        otp(notification(type, { text: "{{ code }} is your code", voice: "Your code: {{code}}" })),
      ).toEqual([]);
    },
  );

  it("refuses a voice text without the code, naming the property and the channel", () => {
    expect(otp(notification("otp_verify", { text: "{{code}}", voice: "Your code is on its way" }))).toEqual([
      "content.body.voice must output {{code}}, the one-time code, on every path: the voice message never does",
    ]);
  });

  it("decides by Liquid, not by the text: a commented-out code is no code", () => {
    const text = "{% comment %}{{code}}{% endcomment %}Your code is on its way";
    expect(otp(notification("otp_enroll", { text }))).toEqual([
      "content.body.text must output {{code}}, the one-time code, on every path: the sms message never does",
    ]);
  });

  it("refuses a code on some paths only: a locale branch without it", () => {
    const text = '{% if locale == "fr" %}Votre code arrive{% else %}{{code}} is your code{% endif %}';
    expect(otp(notification("otp_verify", { text }))).toEqual([
      "content.body.text must output {{code}}, the one-time code, on every path: the sms message does not on every path",
    ]);
  });

  it("accepts the code written through a variable the template assigns", () => {
    expect(otp(notification("otp_verify", { text: "{% assign c = code %}Code: {{ c }}" }))).toEqual([]);
  });

  it("refuses an empty message and one the platform's Liquid cannot render", () => {
    expect(otp(notification("otp_verify", { text: " " }))).toEqual([
      "content.body.text must output {{code}}, the one-time code, on every path: the sms message never does",
    ]);
    expect(otp(notification("otp_verify", { text: "{% if code %}{{code}}" }))).toEqual([
      "content.body.text must render under the platform's Liquid rules to show it outputs {{code}}; it does not",
    ]);
  });

  it.each(["change_password", "blocked_account", "password_breach"])(
    "has nothing to say of a %s template",
    (type) => {
      expect(otp(notification(type, { text: "Your account changed" }))).toEqual([]);
    },
  );

  it("reads both messages of PhoneTemplates, each sent by SMS and by voice", () => {
    const enrollment =
      '{% if message_type == "sms" %}{{code}} enrolls you{% else %}We will call you{% endif %}';
    expect(otp(legacy(enrollment, "Your code is on its way"))).toEqual([
      "enrollmentMessage must output {{code}}, the one-time code, on every path: the voice message never does",
      "verificationMessage must output {{code}}, the one-time code, on every path: the sms message never does, and the voice message never does",
    ]);
    expect(otp(legacy("{{code}} enrolls you"))).toEqual([]);
  });
});

describe("sms-segments", () => {
  const segments = (resource: ReturnType<typeof notification> | ReturnType<typeof legacy>, maxSegments = 2) =>
    smsSegmentsRule.check(resource, { maxSegments }).map(({ property, reason }) => `${property} ${reason}`);
  const sentence = "is your verification code for the sample application. ";

  it("accepts an SMS of two segments and refuses one of three, by default", () => {
    expect(segments(notification("otp_verify", { text: `{{code}} ${sentence.repeat(4)}` }))).toEqual([]);
    expect(segments(notification("otp_verify", { text: `{{code}} ${sentence.repeat(6)}` }))).toEqual([
      "content.body.text must send at most 2 SMS segments (maxSegments): it renders as 3 with a 6-digit code and the platform's default friendly name",
    ]);
  });

  it("follows maxSegments", () => {
    const text = `{{code}} ${sentence.repeat(6)}`;
    expect(segments(notification("otp_verify", { text }), 3)).toEqual([]);
    expect(segments(notification("otp_verify", { text: "{{code}} is your code" }), 1)).toEqual([]);
    expect(segments(notification("otp_verify", { text: `{{code}} ${sentence.repeat(3)}` }), 1)).toHaveLength(
      1,
    );
  });

  it("counts by the package's counter: one emoji makes the message UCS-2, 70 units a segment", () => {
    const text = `{{code}} 🔐 ${"x".repeat(130)}`;
    expect(segments(notification("otp_verify", { text }))).toEqual([
      expect.stringContaining("it renders as 3"),
    ]);
  });

  it("counts the longest locale a template branches on", () => {
    const text = `{% if locale == "fr" %}{{code}} ${sentence.repeat(6)}{% else %}{{code}} is your code{% endif %}`;
    expect(segments(notification("otp_enroll", { text }))).toEqual([
      expect.stringContaining("it renders as 3"),
    ]);
  });

  it("reads every SMS: any notification type, and both legacy messages; never a voice text", () => {
    const long = `{{code}} ${sentence.repeat(6)}`;
    expect(segments(notification("blocked_account", { text: sentence.repeat(6) }))).toHaveLength(1);
    expect(segments(notification("otp_verify", { voice: long }))).toEqual([]);
    expect(segments(legacy(long, long)).map((line) => line.split(" ")[0])).toEqual([
      "enrollmentMessage",
      "verificationMessage",
    ]);
  });
});
