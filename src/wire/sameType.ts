/** `true` when `A` and `B` are identical and each assignable to the other (which also tells `?: T` from `?: T | undefined`). */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2
      ? true
      : false
    : false
  : false;

/**
 * Compiles only when `A` and `B` are the same type. The schema modules call it with the plain type of
 * `./model` and the `z.infer` of its schema, so the two cannot drift apart. It does nothing at run time.
 */
export function sameType<A, B>(_proof: Same<A, B>): void {}
