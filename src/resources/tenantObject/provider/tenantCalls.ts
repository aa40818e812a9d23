import { TenantAdminError } from "../../../client/errors";
import { textProblem } from "../inputs";
import { ProviderFailure, onTenantMessage } from "../providerFailure";

/** `action`'s result; a failure of the tenant's API becomes one line naming the tenant (and `hint`'s advice). */
export async function onTenant<T>(
  tenant: string,
  action: () => Promise<T>,
  hint?: (error: TenantAdminError) => string | undefined,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof TenantAdminError) {
      const extra = hint?.(error);
      throw new ProviderFailure(`${onTenantMessage(tenant, error)}${extra === undefined ? "" : ` ${extra}`}`);
    }
    throw error;
  }
}

/** What the tenant answered, refused when it holds text the engine cannot carry. */
export function engineSafe<T>(tenant: string, label: string, settings: T): T {
  const problem = textProblem(settings);
  if (problem !== undefined) {
    throw new ProviderFailure(
      `${tenant}: the tenant's ${label}: text the Pulumi engine cannot carry at ${problem}; fix it on the ` +
        "tenant (its dashboard or the management API), then run the command again.",
    );
  }
  return settings;
}
