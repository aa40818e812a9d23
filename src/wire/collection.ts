/**
 * The description of a **one-per-tenant collection**: an object the platform serves as a collection (list,
 * create, get, patch, delete by id) that holds at most one member per tenant (a unified tenant's phone
 * provider). The member's id is its owner's: a create takes no member someone else made, and a destroy deletes
 * the member the resource made. From it the machinery derives the resource's check, write, read, adoption,
 * ownership and delete (tested over a small description in collection.test.ts).
 */
import type { DocumentRuleFailure, ObjectIdentity, ResourceIdentity } from "./document";
import type { Endpoint } from "./endpoint";
import type { Schema } from "./shape";

/** What a check at preview asks of the tenant besides the token: why a write would fail, or `undefined`. */
interface CollectionProbe {
  readonly scope: string;
  read(client: {
    readOnce<Response>(endpoint: Endpoint<undefined, Response>, request?: object): Promise<Response>;
  }): Promise<string | undefined>;
}

/** A one-per-tenant collection of the tenant. */
export interface CollectionDescription extends ObjectIdentity {
  readonly resource: ResourceIdentity;
  /** `GET` of the collection. */
  readonly list: Endpoint<undefined, unknown>;
  /** The members of the list's answer, each with its id. */
  readonly items: (answer: unknown) => readonly { readonly id: string }[];
  /** `POST` of the collection. */
  readonly create: Endpoint<unknown, unknown>;
  /** `GET`, `PATCH` and `DELETE` of one member; their path has the parameter `{id}`. */
  readonly get: Endpoint<undefined, unknown>;
  readonly update: Endpoint<unknown, unknown>;
  readonly remove: Endpoint<undefined, unknown>;
  /** The resource's top-level members, in the user's spelling. */
  readonly members: readonly string[];
  /** The resource's members, in the user's spelling: what a check validates. */
  readonly inputs: Schema<Record<string, unknown>>;
  /** Rules across members the schema cannot state, on the declared members (the user's spelling). */
  readonly rules?:
    ((declared: Readonly<Record<string, unknown>>) => readonly DocumentRuleFailure[]) | undefined;
  /** The body of a create (`creating`) or an update from the declared members. */
  readonly body: (declared: Readonly<Record<string, unknown>>, creating: boolean) => unknown;
  /** The declared members as a member's answer has them (the user's spelling). */
  readonly fromAnswer: (answer: unknown) => Record<string, unknown>;
  /** Fields (the user's spelling, at any depth) the platform never answers: kept from state, never compared. */
  readonly unanswered: readonly string[];
  /** Members (top-level) that are sets: their order is no change. */
  readonly sets?: readonly string[] | undefined;
  /** What a preview asks of the tenant before a write (the tenant's generation), when anything. */
  readonly probe?: CollectionProbe | undefined;
  /** What a destroy leaves the tenant with, for the line it prints. */
  readonly afterDelete: string;
}
