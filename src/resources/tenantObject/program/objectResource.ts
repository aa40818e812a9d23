import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../../engine/tenantArgs";
import type { ObjectIdentity, ResourceIdentity, SpelledForTheProgram } from "../../../wire/document";
import { typeToken } from "../../../wire/document";
import { TenantAdminDynamicResource } from "./dynamicResource";
import { withSecretFields } from "../inputs";

/**
 * What a program may give for a member of type `T`: the value or an output of it, and likewise each entry of
 * a list and each member of a block. Mapped member by member, so an editor shows each member's own TSDoc.
 */
export type MemberInput<T> = [T] extends [readonly (infer Item)[]]
  ? pulumi.Input<MemberInput<Item>[]>
  : [T] extends [object]
    ? pulumi.Input<{ [K in keyof T]: MemberInput<Exclude<T[K], undefined>> }>
    : pulumi.Input<T>;

/** The tenant argument every tenant object takes. */
export interface TenantArg {
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its
   * settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables.
   * Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The argument of an object a destroy leaves on the tenant unless told otherwise. */
export interface ResetOnDeleteArg {
  /**
   * Default `false`: a destroy leaves the object as the tenant has it. `true`: a destroy writes back a new
   * tenant's values of the properties declared here; the others stay as the tenant has them.
   */
  resetOnDelete?: pulumi.Input<boolean>;
}

/** The arguments of a resource managing `Members`: each member as {@link MemberInput}, and the tenant. */
export type ObjectArgs<Members extends object> = {
  [K in keyof Members]: MemberInput<Exclude<Members[K], undefined>>;
} & TenantArg;

/** The arguments of a singleton document: its members, `resetOnDelete` and the tenant. */
export type DocumentArgs<Members extends object> = ObjectArgs<Members> & ResetOnDeleteArg;

/** The outputs of a resource managing `Members`: each member as the tenant has it (absent when undeclared). */
export type MemberOutputs<Members extends object> = {
  readonly [K in keyof Members]-?: pulumi.Output<
    Exclude<Members[K], undefined> | (object extends Pick<Members, K> ? undefined : never)
  >;
};

/** What every tenant object resource outputs besides its members. */
export interface CommonOutputs {
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  readonly domain: pulumi.Output<string>;
}

/** What {@link objectResource} makes: a resource class taking `Args` and outputting `Outputs`. */
export interface ObjectResourceClass<Args, Outputs> {
  new (
    name: string,
    ...rest: object extends Args
      ? [args?: Args, opts?: pulumi.CustomResourceOptions]
      : [args: Args, opts?: pulumi.CustomResourceOptions]
  ): TenantAdminDynamicResource & Outputs;
  /** The type token, for a policy pack's `validateResourceOfType(<class>, …)` (docs/policy.md). */
  readonly __pulumiType: string;
}

/** How a resource class sends its arguments, beyond passing them on. */
interface ObjectResourceOptions {
  /** Blocks whose listed members are stored as secrets: `{ twilio: ["authToken"] }`. */
  readonly secretMembers?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The resource class of a tenant object, made from its identity: `Members` is the object's members in the
 * program's spelling, documented once, from which its arguments and outputs derive; `Args` is what its
 * constructor takes (default {@link DocumentArgs}), `Extra` outputs besides the members and `domain`.
 */
export function objectResource<
  Members extends object,
  Args extends TenantArg = DocumentArgs<Members>,
  Extra extends object = object,
>(
  object: ObjectIdentity & { readonly resource: ResourceIdentity },
  options: ObjectResourceOptions = {},
): ObjectResourceClass<Args, MemberOutputs<Members & ResetOnDeleteOutput<Args>> & CommonOutputs & Extra> {
  const secretMembers = Object.entries(options.secretMembers ?? {});
  class TenantObjectResource extends TenantAdminDynamicResource {
    static readonly __pulumiType = typeToken(object.resource);

    constructor(name: string, args?: Args, opts?: pulumi.CustomResourceOptions) {
      const props: Record<string, unknown> = { ...args };
      for (const [block, fields] of secretMembers) {
        props[block] = withSecretFields(props[block] as pulumi.Input<object> | undefined, fields);
      }
      super(object, name, props, opts);
    }
  }
  return TenantObjectResource as unknown as ObjectResourceClass<
    Args,
    MemberOutputs<Members & ResetOnDeleteOutput<Args>> & CommonOutputs & Extra
  >;
}

/**
 * The resource class of a document described with its members in the program's spelling
 * ({@link describeDocument}): `class BotDetection extends documentResource(botDetectionDocument) {}`.
 */
export function documentResource<Members extends object>(
  document: ObjectIdentity & { readonly resource: ResourceIdentity } & SpelledForTheProgram<Members>,
): ReturnType<typeof objectResource<Members>> {
  return objectResource<Members>(document);
}

/** `resetOnDelete` among the outputs, when the arguments take it. */
type ResetOnDeleteOutput<Args> = "resetOnDelete" extends keyof Args ? { resetOnDelete?: boolean } : object;
