import { TenantAdminError } from "../client/errors";
import type { ManagementClient, TokenGrant } from "../client/managementClient";
import type { PhoneGeneration, TenantObject } from "../resources/registry";
import { OBJECTS, TENANT_OBJECTS } from "../resources/registry";
import type { TenantSettingsResponse } from "../resources/tenantSettings/api";
import { usesUnifiedPhoneExperience } from "../resources/tenantSettings/api";
import type { Endpoint } from "../wire/endpoint";

/** A read's outcome: its answer, the error it got, or why it was not sent. */
export type Outcome<T> = { value: T } | { error: TenantAdminError } | { notRead: string };

/** One object's read in the round. */
export interface ObjectRead {
  readonly object: TenantObject;
  readonly endpoint: Endpoint<undefined, unknown>;
  readonly outcome: Outcome<unknown>;
}

/** The tenant's phone generation, from its settings; `undefined` when they could not be read. */
export type Generation = PhoneGeneration | undefined;

/**
 * The read of an object: a document's GET, else its first GET without path parameters (a list, or a
 * document such as the legacy phone templates).
 */
function readOf(object: TenantObject): Endpoint<undefined, unknown> | undefined {
  if (object.document !== undefined) return object.document.get;
  const get = object.endpoints.find((endpoint) => endpoint.method === "GET" && !endpoint.path.includes("{"));
  return get as Endpoint<undefined, unknown> | undefined;
}

/**
 * One round of reads, in parallel: one read of every object of the registry (the settings tell the phone
 * generation, so both generations' phone messages are read and the judging keeps the one that applies). A
 * read whose scope the token lacks is not sent.
 */
export async function readTenant(
  client: ManagementClient,
  grant: TokenGrant | undefined,
): Promise<ObjectRead[]> {
  const reads = OBJECTS.flatMap((object) => {
    const endpoint = readOf(object);
    return endpoint === undefined ? [] : [{ object, endpoint }];
  });
  return Promise.all(
    reads.map(async ({ object, endpoint }): Promise<ObjectRead> => {
      if (grant !== undefined && !grant.scopes.includes(endpoint.scope)) {
        return { object, endpoint, outcome: { notRead: `the token lacks ${endpoint.scope}` } };
      }
      try {
        return { object, endpoint, outcome: { value: await client.send(endpoint) } };
      } catch (error) {
        if (error instanceof TenantAdminError) return { object, endpoint, outcome: { error } };
        throw error;
      }
    }),
  );
}

/** The outcome of the tenant settings' read. */
export function settingsRead(reads: readonly ObjectRead[]): Outcome<unknown> {
  return (
    reads.find(({ object }) => object === TENANT_OBJECTS.tenantSettings)?.outcome ?? { notRead: "not read" }
  );
}

/** The phone generation the settings' answer says. */
export function generationOf(reads: readonly ObjectRead[]): Generation {
  const settings = settingsRead(reads);
  if (!("value" in settings)) return undefined;
  return usesUnifiedPhoneExperience(settings.value as TenantSettingsResponse) ? "unified" : "legacy";
}

/** Whether an object applies to the tenant's phone generation (both generations' do while it is unknown). */
export function appliesTo(generation: Generation): (object: TenantObject) => boolean {
  return (object) =>
    generation === undefined || object.phoneGeneration === undefined || object.phoneGeneration === generation;
}

/** An error's message on one line. */
export function oneLine(message: string): string {
  return message.replace(/\s+/g, " ").trim();
}
