import type { DocumentRules, ObjectEmulation } from "../../wire/emulation";
import { customRoute, documentRules } from "../../wire/emulation";
import type { GuardianFactor, PhoneMessageTypes } from "./api";
import {
  getGuardianFactors,
  getPhoneMessageTypes,
  guardianFactorsSchema,
  newTenantFactors,
  phoneMessageTypesSchema,
  putOtherFactors,
  putPhoneFactor,
  putPhoneMessageTypes,
} from "./api";

const FACTORS = getGuardianFactors.path;

/** The eight factors, listed in the platform's order; a PUT of one factor changes only its `enabled`. */
const factorsDocument: DocumentRules<GuardianFactor[]> = {
  path: FACTORS,
  endpoints: [getGuardianFactors],
  stored: guardianFactorsSchema,
  initial: newTenantFactors,
};

/** `PUT /guardian/factors/<name>`: stores the factor's state and echoes the body, as the recordings show. */
const factorSwitches = [putPhoneFactor, ...putOtherFactors].map((switchEndpoint) =>
  customRoute(switchEndpoint, async ({ body, tenant }) => {
    const name = switchEndpoint.path.slice(`${FACTORS}/`.length);
    const factors = tenant.document<GuardianFactor[]>(FACTORS) ?? newTenantFactors();
    await tenant.setDocument(
      FACTORS,
      factors.map((factor) => (factor.name === name ? { ...factor, enabled: body.enabled } : factor)),
    );
    return { enabled: body.enabled };
  }),
);

/** Which message types phone MFA uses: served on every tenant generation. */
const messageTypesDocument: DocumentRules<PhoneMessageTypes> = {
  path: getPhoneMessageTypes.path,
  endpoints: [getPhoneMessageTypes, putPhoneMessageTypes],
  stored: phoneMessageTypesSchema,
  initial: () => ({ message_types: [] }),
};

/** MFA by phone: the guardian factors' switches and the phone factor's message types. */
export const emulation: ObjectEmulation = {
  documents: [documentRules(factorsDocument), documentRules(messageTypesDocument)],
  routes: factorSwitches,
};
