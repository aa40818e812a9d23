import type { DocumentRules, ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import { legacyEndpointRefusal } from "../tenantSettings/emulation";
import type { SelectedPhoneProvider, TwilioAccount } from "./api";
import {
  getPhoneTwilioAccount,
  getSelectedPhoneProvider,
  getSelectedSmsProvider,
  getSmsTwilioAccount,
  putPhoneTwilioAccount,
  putSelectedPhoneProvider,
  putSelectedSmsProvider,
  putSmsTwilioAccount,
  selectedPhoneProviderSchema,
  twilioAccountSchema,
} from "./api";

/**
 * The selected sender, at `/phone/` and `/sms/`. A tenant nobody switched sends through the platform, `auth0`
 * (auth0-deploy-cli a00a0554, `test/e2e/recordings/should-dump-without-throwing-an-error.json` #33).
 */
const selectedProviderDocument: DocumentRules<SelectedPhoneProvider> = {
  path: getSelectedPhoneProvider.path,
  endpoints: [
    getSelectedPhoneProvider,
    putSelectedPhoneProvider,
    getSelectedSmsProvider,
    putSelectedSmsProvider,
  ],
  stored: selectedPhoneProviderSchema,
  initial: () => ({ provider: "auth0" }),
  unavailable: legacyEndpointRefusal,
};

/**
 * The Twilio account, at `/phone/` and `/sms/`, stored as the last PUT sent it (a PUT replaces it whole). A GET
 * answers `{}` while nothing was written (auth0-deploy-cli a00a0554,
 * `test/e2e/recordings/should-dump-without-throwing-an-error.json` #30), and once written every member, `null`
 * when unset, the auth token in clear, in the recorded order (go-auth0 v1 `TestGuardian/MultiFactor/SMS/Twilio.yaml`
 * #0, #2); a PUT answers its body as sent (#1, #3).
 */
const twilioAccountDocument: DocumentRules<TwilioAccount> = {
  path: getPhoneTwilioAccount.path,
  endpoints: [getPhoneTwilioAccount, putPhoneTwilioAccount, getSmsTwilioAccount, putSmsTwilioAccount],
  stored: twilioAccountSchema,
  initial: () => ({}),
  view: (stored) =>
    Object.keys(stored).length === 0
      ? {}
      : {
          auth_token: stored.auth_token ?? null,
          sid: stored.sid ?? null,
          from: stored.from ?? null,
          messaging_service_sid: stored.messaging_service_sid ?? null,
        },
  written: (stored) => stored,
  unavailable: legacyEndpointRefusal,
};

/** Who sends MFA by phone on a legacy tenant; refused with the platform's 403 on an enrolled one. */
export const emulation: ObjectEmulation = {
  documents: [documentRules(selectedProviderDocument), documentRules(twilioAccountDocument)],
};
