// The baseline of `npm run bench`: a Pulumi TypeScript program that imports @pulumi/pulumi and exports the
// stack name, run with the same tsconfig and transpile settings as the example it is compared with.
import * as pulumi from "@pulumi/pulumi";

export const stackName = pulumi.getStack();
