/**
 * What the package knows of an API object, as data that every side reads: its identity (the registry, the
 * resource class, the provider entry), and for a **document** (one object per tenant, read with GET and changed
 * with PATCH) the description from which the document machinery makes the provider's hooks, the
 * `tenant-admin export` and the emulator's rules. Each object's `api.ts` exports its own.
 */
import type { Endpoint } from "./endpoint";
import type { Refusal } from "./emulation";

/** The Pulumi resource that manages an object. */
export interface ResourceIdentity {
  /** The resource's type: its token is `pulumi-nodejs:dynamic/tenant-admin:<type>` ({@link typeToken}). */
  readonly type: string;
  /** Its reference page, from the repository root: `docs/captcha-config.md`. */
  readonly docs: string;
}

/** Who an object is: the same in the registry, the resource class, the provider entry and state. */
export interface ObjectIdentity {
  /** Its name in the registry, in `pulumi-tenant-admin/provider` and in state: `captchaConfig`. */
  readonly name: string;
  /** What messages call it: `CAPTCHA configuration`. */
  readonly label: string;
  /** The resource that manages it; absent when the package only reads it (the tenant settings). */
  readonly resource?: ResourceIdentity | undefined;
}

/** The resource's type token, as a `pulumi.dynamic.Resource` of the same type would have it. */
export function typeToken(resource: Pick<ResourceIdentity, "type">): string {
  return `pulumi-nodejs:dynamic/tenant-admin:${resource.type}`;
}

/**
 * A plan feature a document needs, and the platform's answer to a tenant whose plan lacks it. The emulator
 * gives it to every request of the document on such a plan; the provider's preview reads the document first,
 * so it fails before anything is written.
 */
export interface DocumentEntitlement {
  /** The feature's name, as an emulated plan lists what it lacks: `botDetection`. */
  readonly feature: string;
  /** The recorded refusal: 403 `insufficient_entitlement` "Please upgrade your subscription to use bot detection". */
  readonly refusal: Refusal;
}

/**
 * The entitlement of a document that needs the plan feature `feature`: the platform refuses every request with
 * 403 `insufficient_entitlement` "Please upgrade your subscription to use <what>" (terraform-provider-auth0
 * `TestAccAttackProtectionBotDetectionInsufficientEntitlement`, `TestAccAttackProtectionCaptchaInsufficientEntitlement`:
 * "to use bot detection", no full stop).
 */
export function insufficientEntitlement(feature: string, what: string): DocumentEntitlement {
  return {
    feature,
    refusal: {
      status: 403,
      message: `Please upgrade your subscription to use ${what}`,
      errorCode: "insufficient_entitlement",
    },
  };
}

/**
 * A description that also names its members in the program's spelling, for the resource class made from it
 * (`documentResource`): a type only, never set at run time.
 */
export interface SpelledForTheProgram<Members> {
  readonly programSpelling?: Members;
}

/** A rule of {@link DocumentDescription.rules} that the declared members break. */
export interface DocumentRuleFailure {
  /** The member, as a dotted wire path: `admin_notification_frequency`. */
  readonly path: string;
  readonly reason: string;
}

/**
 * A document object of the tenant, described once (in wire spelling: the keys are the API's):
 *
 * - **write**: a PATCH of the declared members (camelCase inputs → snake_case body, {@link verbatim} paths kept);
 * - **read, refresh, adopt**: a GET, projected to the members the program declares (nested objects member by
 *   member, {@link replacedWhole} members and {@link verbatim} maps whole), {@link secretFields} from state;
 * - **check**: the PATCH's request schema, its failures in the user's names, an unknown property refused
 *   with the nearest known name;
 * - **destroy**: by default leaves the tenant's document as it is (and a preview says so); with the
 *   resource's `resetOnDelete: true`, a PATCH of {@link reset} (default {@link newTenant}'s values of the declared members);
 * - **export**: one resource declaring what the GET answers, secrets read from stack config;
 * - **emulator**: GET answers the stored document without its secret fields, PATCH merges as
 *   {@link nestedObjects} says, unknown fields refused by the request schema with the platform's body,
 *   {@link entitlement} refused as recorded, a new tenant starts with {@link newTenant}.
 */
export interface DocumentDescription<
  Request extends object = object,
  Response extends object = object,
> extends ObjectIdentity {
  /** The read: `GET /attack-protection/captcha`. Its scope and the PATCH's make the package's scopes. */
  readonly get: Endpoint<undefined, Response>;
  /** The write: `PATCH` at the same path; its request schema is what a check validates. */
  readonly patch: Endpoint<Request, Response>;
  /**
   * Field names (wire spelling, at any depth) the platform takes but never returns: `secret`, `api_key`.
   * They are Pulumi secrets in state, kept from state on read, read from stack config by an export, and
   * left out of the emulator's answers. Default none.
   */
  readonly secretFields?: readonly string[] | undefined;
  /**
   * What a new tenant has: the emulator's first document, and what `resetOnDelete` restores unless
   * {@link reset} says otherwise. Taken from a recording of a new tenant.
   */
  readonly newTenant: Readonly<Request>;
  /**
   * The PATCH a destroy with `resetOnDelete: true` sends; default {@link newTenant}'s values of the members the
   * resource declares (the others stay as the tenant has them).
   */
  readonly reset?: Readonly<Request> | undefined;
  /**
   * Rules across members that the PATCH's schema cannot state, because the platform takes such a body and
   * then stores something other than what was sent: checked at preview on the declared members (wire
   * spelling), never by the emulator. Each failure names its member by its dotted wire path.
   */
  readonly rules?: ((declared: Readonly<Request>) => readonly DocumentRuleFailure[]) | undefined;
  /** The plan feature the document needs, when a plan may lack it. */
  readonly entitlement?: DocumentEntitlement | undefined;
  /**
   * Members (dotted wire paths) a PATCH replaces whole, such as lists (`allowlist`, `shields`): read back
   * whole, and a list with the same entries in another order reads as declared (order is no change).
   */
  readonly replacedWhole?: readonly string[] | undefined;
  /**
   * How the platform applies a PATCH's nested objects: `"replaced"` (default) — each top-level member sent
   * replaces the stored one; `"merged"` — an object sent over a stored object is merged member by member, at
   * every depth, except {@link replacedWhole} members and lists, which are replaced.
   */
  readonly nestedObjects?: "replaced" | "merged" | undefined;
  /**
   * Paths (dotted wire spelling, `[]` for list items) of free-form maps whose keys are data, kept verbatim
   * between the user's camelCase and the wire (`simple_captcha`); read back whole.
   */
  readonly verbatim?: readonly string[] | undefined;
  /**
   * Fields that mark a member the GET answers although nobody configured it (CAPTCHA answers
   * `{"site_key": ""}` for each provider never set up): such a member, which a new tenant's values lack, reads
   * as absent when a create asks whether someone configured the document. Default none: only the members of
   * {@link newTenant} are compared.
   */
  readonly unconfiguredWhen?: Readonly<Record<string, string | number | boolean>> | undefined;
  /**
   * A top-level member the program no longer declares stays on the tenant, because the API cannot remove it
   * (CAPTCHA's provider blocks: no PATCH member is nullable): the diff leaves it out, a warning says the tenant
   * keeps it, and the state keeps it too. `because` ends the warning; `except` lists members (wire spelling)
   * this does not apply to. Default: a member no longer declared is no longer managed.
   */
  readonly undeclaredStay?: { readonly because: string; readonly except?: readonly string[] } | undefined;
  /** The 404 a request gets while the tenant has no such document; default `404 Not Found`. */
  readonly missing?: Refusal | undefined;
}

/**
 * A document's description, checked against its shapes and kept with its literal identity (its `name` and
 * resource type as written), which the registry checks against the name it lists it under:
 * `documentDescription<Patch, Response>()({ name: "botDetection", … })`.
 */
export function documentDescription<Request extends object, Response extends object>() {
  return <const Description extends DocumentDescription<Request, Response>>(
    description: Description,
  ): Description => description;
}
