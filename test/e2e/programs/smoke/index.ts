// A minimal dynamic resource that proves the harness drives the real engine end to end: the provider is
// serialized into state and run by the engine's dynamic-provider plugin in its own process.
import * as pulumi from "@pulumi/pulumi";

interface GreetingInputs {
  name: string;
  token: string;
}

const greetingProvider: pulumi.dynamic.ResourceProvider<GreetingInputs> = {
  async create(inputs) {
    return {
      id: `greeting-${inputs.name}`,
      outs: { ...inputs, greeting: `hello ${inputs.name}`, pid: process.pid },
    };
  },
  async read(id, props: Record<string, unknown>) {
    return { id, props };
  },
  async diff(_id, olds: GreetingInputs, news: GreetingInputs) {
    return { changes: olds.name !== news.name || olds.token !== news.token };
  },
};

class Greeting extends pulumi.dynamic.Resource {
  declare readonly greeting: pulumi.Output<string>;
  declare readonly pid: pulumi.Output<number>;

  constructor(name: string, args: { name: pulumi.Input<string>; token: pulumi.Input<string> }) {
    super(greetingProvider, name, { ...args, greeting: undefined, pid: undefined }, {});
  }
}

const config = new pulumi.Config();
const greeting = new Greeting("smoke", {
  name: config.require("name"),
  token: config.requireSecret("token"),
});

export const message = greeting.greeting;
export const providerPid = greeting.pid;
export const programPid = process.pid;
