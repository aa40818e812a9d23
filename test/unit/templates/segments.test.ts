import fc from "fast-check";

import { smsSegments } from "../../../src/templates";

const gsm = (length: number) => "a".repeat(length);
const ucs2 = (length: number) => `ç${"a".repeat(length - 1)}`;

describe("smsSegments", () => {
  it.each<[string, string, string, number, number]>([
    ["160 GSM-7 characters", gsm(160), "GSM-7", 160, 1],
    ["161 GSM-7 characters", gsm(161), "GSM-7", 161, 2],
    ["306 GSM-7 characters (2 × 153)", gsm(306), "GSM-7", 306, 2],
    ["307 GSM-7 characters", gsm(307), "GSM-7", 307, 3],
    ["80 extension characters (2 septets each)", "{".repeat(80), "GSM-7", 160, 1],
    ["81 extension characters", "€".repeat(81), "GSM-7", 162, 2],
    ["the whole GSM-7 basic set's letters", "@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà", "GSM-7", 42, 1],
    ["159 GSM-7 characters and one emoji", `${gsm(159)}\u{1F600}`, "UCS-2", 161, 3],
    ["one emoji alone", "\u{1F600}", "UCS-2", 2, 1],
    ["70 UCS-2 units", ucs2(70), "UCS-2", 70, 1],
    ["71 UCS-2 units", ucs2(71), "UCS-2", 71, 2],
    ["134 UCS-2 units (2 × 67)", ucs2(134), "UCS-2", 134, 2],
    ["135 UCS-2 units", ucs2(135), "UCS-2", 135, 3],
    ["35 emoji (70 units)", "\u{1F600}".repeat(35), "UCS-2", 70, 1],
    ["36 emoji (72 units)", "\u{1F600}".repeat(36), "UCS-2", 72, 2],
  ])("counts %s", (_case, message, encoding, units, segments) => {
    expect(smsSegments(message)).toMatchObject({ encoding, units, segments });
  });

  it("never splits an extension character's two septets between segments", () => {
    // 152 + (2 + 151) + 1: the escape and its character go to the second segment together.
    expect(smsSegments(`${gsm(152)}{${gsm(152)}`)).toMatchObject({ units: 306, segments: 3 });
  });

  it("never splits an emoji's surrogate pair between segments", () => {
    expect(smsSegments(`${ucs2(66)}\u{1F600}${gsm(66)}`)).toMatchObject({ units: 134, segments: 3 });
  });

  it("counts characters as code points, not UTF-16 units", () => {
    expect(smsSegments("a\u{1F600}b").characters).toBe(3);
  });

  it("needs at least units / per-segment segments, and one segment up to the single-segment limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (message) => {
        const { encoding, units, segments } = smsSegments(message);
        const [single, multipart] = encoding === "GSM-7" ? [160, 153] : [70, 67];
        if (units <= single) expect(segments).toBe(1);
        else expect(segments).toBeGreaterThanOrEqual(Math.ceil(units / multipart));
        expect(encoding === "UCS-2").toBe(
          [...message].some(
            (c) =>
              !/[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\f^{}\\[~\]|€]/u.test(
                c,
              ),
          ),
        );
      }),
    );
  });
});
