import type { ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import type { BreachedPasswordDetection, BreachedPasswordDetectionPatch } from "./api";
import {
  NEW_TENANT_BREACHED_PASSWORD_DETECTION,
  breachedPasswordDetectionSchema,
  getBreachedPasswordDetection,
  patchBreachedPasswordDetection,
} from "./api";

/**
 * A PATCH as recorded: each member sent replaces the stored one, a stage's `shields` replace that stage's;
 * with no `admin_notification` shield left anywhere, the notification frequencies are emptied (go-auth0
 * `Update_breached_password_detection_settings` #1 answers `admin_notification_frequency: []` to a PATCH of
 * the stages alone).
 */
function merge(
  stored: BreachedPasswordDetection,
  patch: BreachedPasswordDetectionPatch,
): BreachedPasswordDetection {
  const stage = { ...stored.stage };
  for (const name of ["pre-user-registration", "pre-change-password"] as const) {
    const shields = patch.stage?.[name]?.shields;
    if (shields !== undefined) stage[name] = { shields };
  }
  const next: BreachedPasswordDetection = {
    enabled: patch.enabled ?? stored.enabled,
    shields: patch.shields ?? stored.shields,
    admin_notification_frequency: patch.admin_notification_frequency ?? stored.admin_notification_frequency,
    method: patch.method ?? stored.method,
    stage,
  };
  const notifies = [
    next.shields,
    stage["pre-user-registration"].shields,
    stage["pre-change-password"].shields,
  ].some((shields) => (shields as readonly string[]).includes("admin_notification"));
  return notifies ? next : { ...next, admin_notification_frequency: [] };
}

/** Breached password detection: a document every plan has. */
export const emulation: ObjectEmulation = {
  documents: [
    documentRules<BreachedPasswordDetection>({
      path: getBreachedPasswordDetection.path,
      endpoints: [getBreachedPasswordDetection, patchBreachedPasswordDetection],
      stored: breachedPasswordDetectionSchema,
      initial: () => structuredClone(NEW_TENANT_BREACHED_PASSWORD_DETECTION),
      merge,
    }),
  ],
};
