import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { EmulatorOptions, TenantEmulator } from "../../../src/emulator";
import { startEmulator } from "../../../src/emulator";
import type { TestStack } from "../../../scripts/support/stack";
import { createTestStack } from "../../../scripts/support/stack";
import { legacyPhoneTenant, namedTenant } from "../../../scripts/support/namedTenant";
import type { TenantData } from "./tenantData";
import { tenantData } from "./tenantData";

/** An emulated tenant and a stack of the e2e program configured to manage it. */
export interface TenantStack {
  emulator: TenantEmulator;
  /** The emulated tenant's data, by object, read and changed behind the API's back. */
  data: TenantData;
  harness: TestStack;
  /** Sets `e2e:*` program config (secret values stay secret). */
  configure(values: ConfigMap): Promise<void>;
  /** Removes `e2e:*` program config keys. */
  unconfigure(...keys: string[]): Promise<void>;
  /** The requests the emulator saw, as `METHOD path`. */
  calls(): string[];
  dispose(): Promise<void>;
}

export interface TenantStackOptions {
  emulator?: EmulatorOptions;
  credentials?: ConfigMap;
  programDir?: string;
  /**
   * The tenant's phone generation: `"unified"` (default), a tenant created since March 2025, enrolled in the
   * Unified Phone Experience; `"legacy"`, an older tenant whose MFA messages are the legacy phone templates
   * (what a program with `PhoneTemplates` needs).
   */
  phone?: "unified" | "legacy";
}

export async function createTenantStack(options: TenantStackOptions = {}): Promise<TenantStack> {
  const seed = options.phone === "legacy" ? legacyPhoneTenant : namedTenant;
  const emulator = await startEmulator(seed(options.emulator));
  const credentials: ConfigMap = options.credentials ?? {
    "tenant-admin:clientId": { value: emulator.clientId },
    "tenant-admin:clientSecret": { value: emulator.clientSecret, secret: true },
  };
  const harness = await createTestStack({
    programDir: options.programDir ?? "test/e2e/programs/tenant",
    config: { "tenant-admin:domain": { value: emulator.domain }, ...credentials },
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
  });
  const qualify = (key: string) => (key.includes(":") ? key : `e2e:${key}`);
  return {
    emulator,
    data: tenantData(emulator),
    harness,
    async configure(values) {
      const qualified = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [qualify(key), value]),
      );
      await harness.stack.setAllConfig(qualified);
    },
    async unconfigure(...keys) {
      await harness.stack.removeAllConfig(keys.map(qualify));
    },
    calls() {
      return emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`);
    },
    async dispose() {
      await harness.dispose();
      await emulator.close();
    },
  };
}

/** Runs `run` expecting it to fail; returns everything the engine printed meanwhile, and the error. */
export async function printedFailure(stack: TestStack, run: () => Promise<unknown>): Promise<string> {
  const printedBefore = stack.output.length;
  try {
    await run();
  } catch (error) {
    return [...stack.output.slice(printedBefore), String(error)].join("\n");
  }
  throw new Error("expected the command to fail");
}

/** Runs `step` expecting it to fail; returns everything the engine printed meanwhile, and the error. */
export function failureOf(tenant: TenantStack, step: "up" | "preview"): Promise<string> {
  return printedFailure(tenant.harness, () =>
    step === "up" ? tenant.harness.up() : tenant.harness.preview(),
  );
}

/**
 * Program config that declares both resources: hCaptcha active with its secret (secret config), and both
 * phone templates. `label` makes the site key and secret unique to the suite.
 */
export function bothResourcesConfig(label: string): ConfigMap {
  return {
    activeProviderId: { value: "hcaptcha" },
    hcaptchaSiteKey: { value: `${label}-site-key` },
    hcaptchaSecret: { value: `${label}-hcaptcha-secret`, secret: true },
    enrollmentMessage: { value: "{{code}} enrolls you" },
    verificationMessage: { value: "{{code}} verifies you" },
  };
}
