/**
 * The description of a **PUT-replace document**: one object of the tenant the platform serves over one or more
 * endpoints, each a GET and a PUT that replaces what it holds (MFA by phone: the factor switch and its
 * channels; a legacy tenant's phone sender: the selected provider and its Twilio account). From it the
 * package's machinery derives the resource's check, write, read, adoption, ownership and reset.
 *
 * What every such document does (tested over a small description in putDocument.test.ts):
 * - **write**: each part whose members the program declares, in the order of {@link parts}, with a PUT of
 *   every member of the part (a member the program leaves out is sent as the part's body says: the platform
 *   stores what it is sent, and a member left out reads back `null`);
 * - **read, refresh, adopt**: each declared part's GET, its members in the user's spelling, `null` members
 *   absent; members nobody declares are never read;
 * - **ownership**: a create takes the document only while it is as a new tenant has it ({@link newTenant}),
 *   or already holds what the program declares; otherwise it fails naming what differs;
 * - **destroy**: leaves the tenant as it is unless `resetOnDelete`, then writes {@link newTenant}'s values of
 *   the declared parts, in the reverse order.
 */
import type { DocumentRuleFailure, ObjectIdentity, ResourceIdentity } from "./document";
import type { Endpoint } from "./endpoint";
import type { Schema } from "./shape";

/** One GET/PUT pair of a PUT-replace document and the members (top-level, the user's spelling) it holds. */
export interface PutDocumentPart {
  /** The resource's members the pair holds (`enabled`; `twilio`). */
  readonly members: readonly string[];
  /** The read of the members. */
  readonly get: Endpoint<undefined, unknown>;
  /** The members (the user's spelling) from the GET's answer; a member the answer lacks is left out. */
  readonly fromAnswer: (answer: unknown) => Record<string, unknown>;
  /** The write, which replaces what the pair holds. */
  readonly put: Endpoint<unknown, unknown>;
  /** The PUT's body from the part's members (the user's spelling): every member the PUT replaces. */
  readonly body: (members: Readonly<Record<string, unknown>>) => unknown;
}

/** A refusal that means the tenant is of the other generation than the document's, and what to use instead. */
interface GenerationRefusal {
  /** The platform's `errorCode` for it. */
  readonly errorCode: string;
  /** What the tenant is, and which resource serves it instead (a sentence without the tenant's name). */
  readonly message: string;
}

/** A PUT-replace document of the tenant. */
export interface PutDocumentDescription extends ObjectIdentity {
  readonly resource: ResourceIdentity;
  /** The object's path, which with the tenant's host makes the resource id and the `import` value. */
  readonly path: string;
  /** The pairs, in the order a write sends them (a reset sends them in reverse). */
  readonly parts: readonly PutDocumentPart[];
  /** The resource's members, each optional, in the user's spelling: what a check validates. */
  readonly inputs: Schema<Record<string, unknown>>;
  /** What a new tenant has, every member, in the user's spelling (a recording of a new tenant). */
  readonly newTenant: Readonly<Record<string, unknown>>;
  /**
   * Field names (the user's spelling, at any depth) that are credentials: secrets in state and outputs,
   * never printed. A field the GET answers is compared like any other (a change shows as a change of it).
   */
  readonly secretFields?: readonly string[] | undefined;
  /** Fields the GET never answers: kept from state, never compared. */
  readonly unanswered?: readonly string[] | undefined;
  /** Members (top-level) that are sets: their order is no change. */
  readonly sets?: readonly string[] | undefined;
  /** Rules across members the schema cannot state, on the declared members (the user's spelling). */
  readonly rules?:
    ((declared: Readonly<Record<string, unknown>>) => readonly DocumentRuleFailure[]) | undefined;
  /** The tenant generation's refusal of every part, when the document exists on one generation only. */
  readonly otherGeneration?: GenerationRefusal | undefined;
}
