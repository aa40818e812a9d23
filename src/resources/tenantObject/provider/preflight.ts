import { TenantAdminError } from "../../../client/errors";
import type { ManagementClient, TokenGrant } from "../../../client/managementClient";
import type { TenantBinding } from "../../../engine/binding";
import { onTenantMessage } from "../providerFailure";

/** What `pulumi up` will need of a tenant to write one kind of object. */
export interface WriteNeeds {
  /** The resource type, for messages. */
  readonly resource: string;
  /** Scopes the write operations need (read from the token's claims, no request). */
  readonly scopes: readonly string[];
  /**
   * Scopes a create needs besides: the read that tells whether someone already configured the object (a
   * create never takes it over silently).
   */
  readonly createScopes?: readonly string[] | undefined;
  /**
   * One read that tells whether the write would fail for reasons the token cannot tell (a client that is
   * not global, a plan without the feature, a tenant that no longer offers the endpoint). At most one
   * request, and only with a token that may read: `up` needs only the write scopes, so a token without
   * `scope` skips the probe rather than failing preview.
   */
  readonly probe?: WriteProbe | undefined;
}

/** The read of {@link WriteNeeds.probe} and the scope it needs. */
interface WriteProbe {
  readonly scope: string;
  /**
   * What the read shows of the tenant and its client when it succeeds (`plan has botDetection`, `client is
   * global`): a probe whose every fact an earlier probe of the same client showed is not sent.
   */
  readonly shows?: readonly string[] | undefined;
  /** Fails as the write would (an API error), or returns why the write cannot succeed, or `undefined`. */
  read(client: ManagementClient): Promise<string | undefined>;
}

/** The first step of a write check: the client, and what its token grants (or why no token came). */
type GrantOutcome =
  | { readonly client: ManagementClient; readonly grant: TokenGrant | undefined }
  | { readonly error: TenantAdminError };

/**
 * Checks at preview, before anything is written, that `pulumi up` can write what the plan holds: once
 * per tenant and resource type per process (the result is remembered, so the engine's many calls cost
 * one token and at most one GET). Returns the one-line reason up would fail, or `undefined`.
 */
export class WritePreflight {
  readonly #grants = new Map<string, Promise<GrantOutcome>>();
  readonly #results = new Map<string, Promise<string | undefined>>();

  /**
   * Starts the check's token request, and resolves once the HTTP client is loaded and the request is on
   * its way: a check calls it before it loads what its own rules need (zod, liquidjs), so the token's round
   * trip overlaps those loads. {@link WritePreflight.check} then uses this request, whatever it answers.
   */
  async start(binding: TenantBinding): Promise<void> {
    void this.#grant(binding);
    await binding.client();
    // One turn of the event loop, so the request can connect and be written before the caller's synchronous
    // loads hold the loop.
    await new Promise((resolve) => setImmediate(resolve));
  }

  check(binding: TenantBinding, needs: WriteNeeds, creates: boolean): Promise<string | undefined> {
    const key = JSON.stringify([binding.baseUrl, needs.resource, creates]);
    const known = this.#results.get(key);
    if (known !== undefined) return known;
    const result = this.#grant(binding).then((outcome) =>
      preflight(binding.baseUrl, outcome, needs, creates),
    );
    this.#results.set(key, result);
    return result;
  }

  #grant(binding: TenantBinding): Promise<GrantOutcome> {
    const known = this.#grants.get(binding.baseUrl);
    if (known !== undefined) return known;
    const outcome = binding.client().then(async (loaded) => {
      try {
        return { client: loaded, grant: await loaded.tokenGrant() };
      } catch (error) {
        if (error instanceof TenantAdminError) return { error };
        throw error;
      }
    });
    // A failure other than the tenant's is thrown by check; a started request nobody checks is not unhandled.
    outcome.catch(() => undefined);
    this.#grants.set(binding.baseUrl, outcome);
    return outcome;
  }
}

function failed(tenant: string, needs: WriteNeeds, error: TenantAdminError): string {
  return `${needs.resource} cannot be written: ${onTenantMessage(tenant, error)} Nothing was written.`;
}

async function preflight(
  tenant: string,
  outcome: GrantOutcome,
  needs: WriteNeeds,
  creates: boolean,
): Promise<string | undefined> {
  if ("error" in outcome) return failed(tenant, needs, outcome.error);
  const { client, grant } = outcome;
  try {
    if (grant !== undefined) {
      const createScopes = creates ? (needs.createScopes ?? []) : [];
      const wanted = [...new Set([...needs.scopes, ...createScopes])];
      const missing = wanted.filter((scope) => !grant.scopes.includes(scope));
      if (missing.length > 0) {
        const who =
          grant.clientId === undefined ? "the API token" : `the token of the client ${grant.clientId}`;
        const why = missing.some((scope) => createScopes.includes(scope) && !needs.scopes.includes(scope))
          ? " (a create reads the object first, to tell whether someone else configured it)"
          : "";
        return (
          `${needs.resource} cannot be written to ${tenant}: ${who} lacks the scope ` +
          `${missing.join(", ")}${why}. Grant it to the machine-to-machine client (or use a token that has it); ` +
          "nothing was written. Run tenant-admin doctor to list every scope each resource needs."
        );
      }
    }
    if (needs.probe !== undefined && (grant === undefined || grant.scopes.includes(needs.probe.scope))) {
      const refusal = await probed(client, needs.probe);
      if (refusal !== undefined)
        return `${needs.resource} cannot be written to ${tenant}: ${refusal} Nothing was written.`;
    }
    return undefined;
  } catch (error) {
    if (error instanceof TenantAdminError) return failed(tenant, needs, error);
    throw error;
  }
}

/**
 * The facts succeeded probes showed, per client (a client is one tenant and one set of credentials): a
 * preview's checks run one after another, so a probe skipped is a round trip off the preview.
 */
const shownFacts = new WeakMap<ManagementClient, Map<string, Promise<boolean>>>();

async function probed(client: ManagementClient, probe: WriteProbe): Promise<string | undefined> {
  const facts = probe.shows ?? [];
  const shown = shownFacts.get(client) ?? new Map<string, Promise<boolean>>();
  shownFacts.set(client, shown);
  const known = await Promise.all(facts.map(async (fact) => (await shown.get(fact)) ?? false));
  if (facts.length > 0 && known.every(Boolean)) return undefined;
  const refusal = probe.read(client);
  const succeeded = refusal.then(
    (reason) => reason === undefined,
    () => false,
  );
  facts.forEach((fact, index) => {
    if (!known[index]) shown.set(fact, succeeded);
  });
  return refusal;
}
