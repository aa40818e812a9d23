// The floor of `npm run bench -- --focus attack-protection`: six dynamic resources whose provider does nothing,
// as many as the attack-protection program declares. Not for use; it exists to be measured.
import * as pulumi from "@pulumi/pulumi";

const NOTHING_PROVIDER = `exports.handler = function () {
  return { create: async (inputs) => ({ id: "floor", outs: inputs }) };
};`;

class Nothing extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("pulumi-nodejs:dynamic:Nothing", name, { ...props, __provider: NOTHING_PROVIDER });
  }
}

for (const [index, name] of ["first", "second", "third", "fourth", "fifth", "sixth"].entries()) {
  new Nothing(name, { value: index });
}

export const stackName = pulumi.getStack();
