// The floor of `npm run bench -- --focus attack-protection` and `--focus phone-mfa`: dynamic resources whose
// provider does nothing, as many as the measured program declares. Not for use; it exists to be measured.
import * as pulumi from "@pulumi/pulumi";

const NOTHING_PROVIDER = `exports.handler = function () {
  return { create: async (inputs) => ({ id: "floor", outs: inputs }) };
};`;

class Nothing extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("pulumi-nodejs:dynamic:Nothing", name, { ...props, __provider: NOTHING_PROVIDER });
  }
}

// As many as the measured program declares: six unless the stack config says `resources`.
const count = new pulumi.Config().getNumber("resources") ?? 6;
for (const [index, name] of ["first", "second", "third", "fourth", "fifth", "sixth"]
  .slice(0, count)
  .entries()) {
  new Nothing(name, { value: index });
}

export const stackName = pulumi.getStack();
