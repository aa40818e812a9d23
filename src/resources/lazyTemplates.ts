/**
 * The template rules (src/templates), loaded at their first use: the program's side reaches them only through
 * this module, so a program that imports the package without touching a template loads none of them.
 */
import type * as Templates from "../templates";

let loaded: typeof Templates | undefined;

/** src/templates, loaded at the first call. */
export function templates(): typeof Templates {
  return (loaded ??= require("../templates") as typeof Templates);
}

/** The public names the package index takes from src/templates: each one loads them at its first read. */
const PUBLIC_NAMES = [
  "SMS_SEGMENT_UNITS",
  "TemplateLimitError",
  "TemplateSyntaxError",
  "smsSegments",
] as const;

/** A template the Liquid parser refuses, or that fails while rendering, with the position liquidjs reports. */
export declare const TemplateSyntaxError: typeof Templates.TemplateSyntaxError;
export type TemplateSyntaxError = Templates.TemplateSyntaxError;
/** A template that exceeds one of the template limits; the message is one line that names the limit. */
export declare const TemplateLimitError: typeof Templates.TemplateLimitError;
export type TemplateLimitError = Templates.TemplateLimitError;
/** Units in one SMS segment, by encoding: a single-segment message, and each part of a split one. */
export declare const SMS_SEGMENT_UNITS: typeof Templates.SMS_SEGMENT_UNITS;
/**
 * Counts the SMS segments of a message: GSM-7 holds 160 septets in one segment and 153 per segment when
 * split; any character outside GSM-7 (an emoji, many accented letters) makes the whole message UCS-2,
 * 70 then 67 UTF-16 units. A character is never split between two segments.
 *
 * @example smsSegments("é".repeat(160)) // { encoding: "GSM-7", characters: 160, units: 160, segments: 1 }
 */
export declare const smsSegments: typeof Templates.smsSegments;

for (const name of PUBLIC_NAMES) {
  Object.defineProperty(module.exports as object, name, { enumerable: true, get: () => templates()[name] });
}
