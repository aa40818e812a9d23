/**
 * A workaround for the SDK's Outputs: promises it starts beside an Output's value, which reject before anything
 * reads them. Program side: loaded by the read functions.
 */
import * as pulumi from "@pulumi/pulumi";

/**
 * Marks as handled the promises an Output starts at once beside its value (whether it is known, whether
 * it is secret), and returns the Output, so that the Outputs a program derives from it (a field,
 * `settings.friendlyName`, or an `apply`) are marked too. The engine reads a stack output's promises only
 * when it gets to it, after the program ran and the outputs before it resolved; a failure found before any
 * request (an unknown argument, no tenant configured) rejects them sooner, and Node then printed
 * `PromiseRejectionHandledWarning: Promise rejection was handled asynchronously` for each when the engine
 * read them. The failure still reaches whatever reads the Output, and the engine reports it once, as its
 * message. These promises are not in the SDK's types: they are read as own properties, which leaves the
 * Output's proxy (and its lifting of properties) alone, and skipped if a release drops them.
 */
export function handledEarly<T>(output: pulumi.Output<T>): pulumi.Output<T> {
  for (const name of ["isKnown", "isSecret"]) {
    const promise: unknown = Object.getOwnPropertyDescriptor(output, name)?.value;
    if (promise instanceof Promise) promise.catch(() => undefined);
  }
  return new Proxy(output, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "apply" && typeof value === "function") {
        return (...args: unknown[]) =>
          handledEarly(Reflect.apply(value, target, args) as pulumi.Output<unknown>);
      }
      // A field of the value: the SDK lifts it into an Output of its own.
      return pulumi.Output.isInstance(value) ? handledEarly(value) : value;
    },
  });
}
