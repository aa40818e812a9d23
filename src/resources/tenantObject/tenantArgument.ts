import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";

/** The argument that says which tenant a resource configures, as every tenant object's arguments declare it. */
export interface TenantArgument {
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment
   * variables. Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}
