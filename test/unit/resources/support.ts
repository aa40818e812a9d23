import type * as pulumi from "@pulumi/pulumi";

import { ProviderContext } from "../../../src/engine/tenantArgs";
import type { PreviewLog } from "../../../src/resources/phoneTemplatePreview";

/** A provider context configured as a stack with a loopback tenant and client credentials. */
export function configuredContext(values: Record<string, string> = {}): ProviderContext {
  const context = new ProviderContext();
  const config: Record<string, string> = {
    "tenant-admin:domain": "http://127.0.0.1:1",
    "tenant-admin:clientId": "client-id",
    "tenant-admin:clientSecret": "client-secret-value",
    ...values,
  };
  context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
  return context;
}

/** The failures of a check, as `property: reason` lines. */
export async function failuresOf(
  provider: Required<pulumi.dynamic.ResourceProvider>,
  news: Record<string, unknown>,
): Promise<string[]> {
  const result = await provider.check({}, news);
  return (result.failures ?? []).map((failure) => `${failure.property}: ${failure.reason}`);
}

/** The engine's spelling of a value not known at preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A preview log that keeps the lines, so unit tests print nothing and can assert what check logged. */
export function recordingLog(): PreviewLog & { lines: string[] } {
  const lines: string[] = [];
  const log: PreviewLog = (message, severity) => {
    lines.push(`${severity === "warn" ? "warning" : "info"}: ${message}`);
  };
  return Object.assign(log, { lines });
}
