import type { ObjectEmulation } from "../../wire/emulation";
import { documentOverrides } from "../../wire/emulation";
import type { Patch } from "../../wire/shape";
import type { BreachedPasswordDetection } from "./api";
import { BREACHED_PASSWORD_STAGES, breachedPasswordDetectionDocument, notifiesAnAdministrator } from "./api";

/**
 * A PATCH as recorded: each member sent replaces the stored one, a stage's `shields` replace that stage's;
 * with no `admin_notification` shield left anywhere, the notification frequencies are emptied (go-auth0
 * `Update_breached_password_detection_settings` #1 answers `admin_notification_frequency: []` to a PATCH of
 * the stages alone).
 */
function merge(
  stored: BreachedPasswordDetection,
  patch: Patch<BreachedPasswordDetection>,
): BreachedPasswordDetection {
  const stage = { ...stored.stage };
  for (const name of BREACHED_PASSWORD_STAGES) {
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
  const lists = [next.shields, ...BREACHED_PASSWORD_STAGES.map((name) => stage[name].shields)];
  return notifiesAnAdministrator(lists) ? next : { ...next, admin_notification_frequency: [] };
}

/** Breached password detection: the document machinery's, but for the PATCH's rule on notifications. */
export const emulation: ObjectEmulation = {
  document: documentOverrides<BreachedPasswordDetection>({
    stored: breachedPasswordDetectionDocument.schema,
    merge,
  }),
};
