import type * as pulumi from "@pulumi/pulumi";

import { ProviderContext } from "../../../src/engine/tenantArgs";

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
export function recordingLog(): { info: (m: string) => void; warn: (m: string) => void; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warning: ${message}`),
  };
}
