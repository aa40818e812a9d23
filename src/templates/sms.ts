/**
 * What an SMS costs and shows: its encoding and segments (GSM 03.38 or UCS-2), and the lines a check prints
 * of a template's SMS preview.
 */
import { figure, listed } from "./limits";

/** How an SMS is encoded: the GSM 03.38 7-bit alphabet, or UCS-2 as soon as one character is outside it. */
export type SmsEncoding = "GSM-7" | "UCS-2";

/** What an SMS costs: its encoding, its length and the number of segments it is sent (and billed) as. */
export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Characters (Unicode code points) in the message. */
  characters: number;
  /** Encoded length: 7-bit septets (an extension character takes 2) or UTF-16 code units (an emoji takes 2). */
  units: number;
  /** Segments the message is sent as; at least 1. */
  segments: number;
}

/** The GSM 03.38 basic character set (without the escape to the extension table). */
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);

/** The GSM 03.38 extension table: each is sent as an escape plus the character, so it counts as 2. */
const GSM7_EXTENSION = new Set("\f^{}\\[~]|€");

/** Units in one segment: a single-segment message, and each part of a split (concatenated) one. */
export const SMS_SEGMENT_UNITS: Readonly<Record<SmsEncoding, { single: number; multipart: number }>> = {
  "GSM-7": { single: 160, multipart: 153 },
  "UCS-2": { single: 70, multipart: 67 },
};

function gsm7Units(character: string): number | undefined {
  if (GSM7_BASIC.has(character)) return 1;
  if (GSM7_EXTENSION.has(character)) return 2;
  return undefined;
}

/**
 * Counts the SMS segments of a message: GSM-7 holds 160 septets in one segment and 153 per segment when
 * split; any character outside GSM-7 (an emoji, many accented letters) makes the whole message UCS-2,
 * 70 then 67 UTF-16 units. A character is never split between two segments (an extension character's
 * two septets, an emoji's surrogate pair), so a split message may hold fewer units per part.
 *
 * @example smsSegments("é".repeat(160)) // { encoding: "GSM-7", characters: 160, units: 160, segments: 1 }
 */
export function smsSegments(message: string): SmsSegmentCount {
  const characters = [...message];
  const septets = characters.map(gsm7Units);
  const encoding: SmsEncoding = septets.every((units) => units !== undefined) ? "GSM-7" : "UCS-2";
  const sizes = encoding === "GSM-7" ? septets.map((units) => units ?? 0) : characters.map((c) => c.length);
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limits = SMS_SEGMENT_UNITS[encoding];
  if (units <= limits.single) return { encoding, characters: characters.length, units, segments: 1 };

  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limits.multipart) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters: characters.length, units, segments };
}

/** The sample values of an SMS preview. */
export interface SmsPreviewValues {
  /** How the lines name the template (its property, e.g. `enrollmentMessage`). */
  subject: string;
  /** The tenant's friendly name; default the platform's `My Company`. */
  friendlyName?: string | undefined;
}

/** What a user receives by SMS from a template, with the sample code `123456`. */
export interface SmsPreview {
  /** The rendered SMS (no locale, no custom domain). */
  message: string;
  count: SmsSegmentCount;
  /** Every locale whose SMS needs more than one segment, with its count. */
  multiSegmentLocales: { locale: string; segments: number }[];
  /** The preview as one line, the message cut to {@link PREVIEW_MAX_CHARACTERS} characters. */
  line: string;
  /** The warning when an SMS needs more than one segment; `undefined` when none does. */
  multiSegmentWarning: string | undefined;
}

/** How much of a message a preview line shows: one GSM-7 segment. */
export const PREVIEW_MAX_CHARACTERS = 160;

/**
 * The preview as one line: `enrollmentMessage SMS preview: "…" (64 characters, GSM-7, 1 segment)`; a longer
 * message shows its first {@link PREVIEW_MAX_CHARACTERS} characters, then `…` and how many more there are.
 */
export function smsPreviewLine(subject: string, message: string, count: SmsSegmentCount): string {
  const { characters, encoding, segments } = count;
  const shown = [...message].slice(0, PREVIEW_MAX_CHARACTERS).join("");
  const rest = characters - PREVIEW_MAX_CHARACTERS;
  const quoted =
    rest > 0 ? `${JSON.stringify(`${shown}…`)} and ${figure(rest)} more characters` : JSON.stringify(shown);
  return (
    `${subject} SMS preview: ${quoted} ` +
    `(${figure(characters)} characters, ${encoding}, ${segments} segment${segments === 1 ? "" : "s"})`
  );
}

/** The warning when an SMS needs more than one segment (each is billed), or `undefined`. */
export function smsMultiSegmentWarning(
  subject: string,
  count: SmsSegmentCount,
  multiSegmentLocales: readonly { locale: string; segments: number }[],
): string | undefined {
  const locales = multiSegmentLocales.map(({ locale, segments }) => `${locale}: ${segments}`);
  if (count.segments <= 1 && locales.length === 0) return undefined;
  const where =
    count.segments > 1
      ? `needs ${count.segments} SMS segments (${figure(count.units)} ${count.encoding === "GSM-7" ? "septets" : "UCS-2 units"})`
      : "needs more than one SMS segment";
  const byLocale = locales.length === 0 ? "" : ` (by locale: ${listed(locales)})`;
  return `${subject} ${where}${byLocale}; each segment is billed as one SMS`;
}
