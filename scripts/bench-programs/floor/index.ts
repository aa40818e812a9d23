// The floor of `npm run bench`: dynamic resources whose provider does nothing, as many as examples/basic
// declares (test/unit/scripts/benchPrograms.test.ts), stored as a few written-out lines (as this package stores
// its own). Its preview costs what any dynamic provider costs: the engine
// starting its dynamic-provider process, which loads @pulumi/pulumi, then a check and a diff per resource.
// Not for use; it exists to be measured.
import * as pulumi from "@pulumi/pulumi";

const NOTHING_PROVIDER = `exports.handler = function () {
  return { create: async (inputs) => ({ id: "floor", outs: inputs }) };
};`;

class Nothing extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("pulumi-nodejs:dynamic:Nothing", name, { ...props, __provider: NOTHING_PROVIDER });
  }
}

new Nothing("first", { value: 1 });
new Nothing("second", { value: 2 });
new Nothing("third", { value: 3 });

export const stackName = pulumi.getStack();
