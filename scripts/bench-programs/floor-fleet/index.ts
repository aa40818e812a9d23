// The floor of `npm run bench -- --focus fleet`: as many do-nothing dynamic resources as the fleet program
// declares (config `resources`). Not for use; it exists to be measured.
import * as pulumi from "@pulumi/pulumi";

const NOTHING_PROVIDER = `exports.handler = function () {
  return { create: async (inputs) => ({ id: "floor", outs: inputs }) };
};`;

class Nothing extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("pulumi-nodejs:dynamic:Nothing", name, { ...props, __provider: NOTHING_PROVIDER });
  }
}

const count = new pulumi.Config().requireNumber("resources");
for (let index = 0; index < count; index += 1) new Nothing(`nothing-${index}`, { value: index });

export const stackName = pulumi.getStack();
