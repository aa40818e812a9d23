/**
 * A singleton (one per tenant: CAPTCHA, bot detection, the three protections, the legacy phone templates) has
 * no owner the platform records. A create takes it only while it is as a new tenant has it; otherwise it fails,
 * at preview and again at up, naming the tenant, the object, the members that differ and the import id, and
 * writes nothing. One program declares each object of a tenant once. Arguments are the resource's own, in its
 * spelling and types.
 */
import type * as pulumi from "@pulumi/pulumi";

import { toCamelDeep, toSnakeDeep } from "../../../src/wire/casing";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { OBJECTS } from "../../../src/resources/registry";
import type { ManagedDocument } from "../../../src/resources/tenantObject/provider/document";
import { documentProvider } from "../../../src/resources/tenantObject/provider/document";
import { API_PREFIX } from "../../../src/wire/endpoint";
import { atPreview, emulatorContext, failuresOf, recordingLog } from "./support";

type Provider = Required<pulumi.dynamic.ResourceProvider>;

const DOCUMENTS: ManagedDocument[] = OBJECTS.flatMap((object) =>
  object.document !== undefined && object.resource !== undefined
    ? [{ ...object.document, resource: object.resource }]
    : [],
);

/** A new tenant's top-level member with its first boolean flipped, in the user's spelling, and its path. */
function flipped(document: ManagedDocument): { declared: Record<string, unknown>; path: string } {
  const inputs = toCamelDeep(document.newTenant, document.verbatim ?? []) as Record<string, unknown>;
  const flip = (value: unknown, path: string): { value: unknown; path: string } | undefined => {
    if (typeof value === "boolean") return { value: !value, path };
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    for (const [key, member] of Object.entries(value)) {
      const inner = flip(member, `${path}.${key}`);
      if (inner !== undefined) return { value: { ...value, [key]: inner.value }, path: inner.path };
    }
    return undefined;
  };
  for (const [key, member] of Object.entries(inputs)) {
    const inner = flip(member, key);
    if (inner !== undefined) return { declared: { [key]: inner.value }, path: inner.path };
  }
  throw new Error(`${document.name}: a new tenant has no boolean to flip`);
}

/** A member of a new tenant's document whose value is a scalar, in the user's spelling. */
function scalarMember(document: ManagedDocument): [string, unknown] {
  const inputs = toCamelDeep(document.newTenant, document.verbatim ?? []) as Record<string, unknown>;
  const found = Object.entries(inputs).find(([, value]) => typeof value !== "object");
  if (found === undefined) throw new Error(`${document.name}: no scalar member`);
  return found;
}

describe.each(DOCUMENTS.map((document) => [document.name, document] as const))(
  "a create of the singleton %s",
  (_name, document) => {
    let emulator: TenantEmulator;
    let host: string;
    const provider = (): Provider => documentProvider(emulatorContext(emulator), document);
    const writes = () =>
      emulator.requestLog.filter((entry) => entry.method !== "GET" && entry.path !== "/oauth/token");
    const importId = () => `${host}${document.get.path}`;

    beforeEach(async () => {
      emulator = await startEmulator({ rateLimit: false });
      host = new URL(emulator.url).host;
    });
    afterEach(() => emulator.close());

    async function configureElsewhere(): Promise<string> {
      const { declared, path } = flipped(document);
      await emulator.tenant.write("PATCH", document.get.path, toSnakeDeep(declared, document.verbatim ?? []));
      return path;
    }

    it("takes the document while it is as a new tenant has it", async () => {
      const [key, value] = scalarMember(document);
      expect(await failuresOf(provider(), atPreview({ [key]: value }, "mine"))).toEqual([]);
      await provider().create({ [key]: value });
      expect(writes().map((entry) => `${entry.method} ${entry.path}`)).toEqual([
        `PATCH ${API_PREFIX}${document.get.path}`,
      ]);
    });

    it("fails preview when someone configured it, naming the tenant, the members that differ and the import id", async () => {
      const path = await configureElsewhere();
      emulator.clearRequestLog();
      const [key, value] = scalarMember(document);

      const failures = await failuresOf(provider(), atPreview({ [key]: value }, "mine"));

      expect(failures).toEqual([
        `${document.resource.type} cannot be created on ${emulator.url}: the tenant already has a configured ` +
          `${document.label} (it differs from a new tenant's at ${path}), made outside this resource (by ` +
          "another resource of this or another stack, in the dashboard, or by another tool), and a create " +
          `would take it over. To manage it with this resource, adopt it with the resource option import: ` +
          `"${importId()}" (the resource's importId; see docs/adopting.md), or leave it to its owner. Nothing ` +
          "was written.",
      ]);
      expect(writes()).toEqual([]);
    });

    it("refuses at up what someone configured after the preview, reading the tenant afresh, writing nothing", async () => {
      const [key, value] = scalarMember(document);
      const checker = provider();
      expect(await failuresOf(checker, atPreview({ [key]: value }, "mine"))).toEqual([]);
      await configureElsewhere();
      emulator.clearRequestLog();

      const failure = await checker.create({ [key]: value }).then(
        () => undefined,
        (error: unknown) => error as Error,
      );

      expect(failure?.message).toContain(`${document.resource.type} cannot be created on ${emulator.url}`);
      expect(failure?.message).toContain(`import: "${importId()}"`);
      expect(failure?.message).not.toContain("\n");
      expect(writes()).toEqual([]);
    });

    it("takes a document that holds what the program declares over a new tenant's values: an up run again after it was interrupted", async () => {
      const { declared } = flipped(document);
      // The first up wrote, and stopped before the engine recorded the resource.
      await provider().create(declared);
      emulator.clearRequestLog();

      expect(await failuresOf(provider(), atPreview(declared, "mine"))).toEqual([]);
      await provider().create(declared);
      expect(writes().map((entry) => entry.method)).toEqual(["PATCH"]);
    });

    it("adopts what someone configured when the program says so with the import id", async () => {
      const { declared } = flipped(document);
      await configureElsewhere();
      const news = { ...declared, importId: importId() };

      expect(await failuresOf(provider(), atPreview(news, "mine"))).toEqual([]);
      await provider().create(news);
      expect(writes()).toEqual([]);
    });

    it("fails preview when a second resource of the program declares the same object, naming both", async () => {
      const [key, value] = scalarMember(document);
      const checker = provider();
      expect(await failuresOf(checker, atPreview({ [key]: value }, "first"))).toEqual([]);

      const failures = await failuresOf(checker, atPreview({ [key]: value }, "second"));

      expect(failures).toEqual([
        `${document.resource.type} "second" and ${document.resource.type} "first" of this program both ` +
          `declare the tenant's ${document.label} on ${emulator.url}: one program declares each object of a ` +
          "tenant once (the tenant would keep whichever wrote last). Keep one of them.",
      ]);
      // The same resource checked again (the engine's second pass of up) is still the only one.
      expect(await failuresOf(checker, atPreview({ [key]: value }, "first"))).toEqual([]);
    });
  },
);

describe("the arguments of a singleton", () => {
  let emulator: TenantEmulator;
  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  const byName = (name: string): ManagedDocument => DOCUMENTS.find((document) => document.name === name)!;
  const failures = (name: string, news: Record<string, unknown>) =>
    failuresOf(documentProvider(emulatorContext(emulator), byName(name)), news);

  it.each([
    ["botDetection", { bot_detection_level: "low" }, "bot_detection_level", "botDetectionLevel"],
    ["bruteForceProtection", { maxAttempts: 5, max_attempts: 7 }, "max_attempts", "maxAttempts"],
    [
      "captchaConfig",
      { activeProviderId: "auth_challenge", reset_on_delete: true },
      "reset_on_delete",
      "resetOnDelete",
    ],
  ])("%s refuses the snake_case spelling %j, naming the camelCase one", async (name, news, key, meant) => {
    expect(await failures(name, news)).toEqual([`${key}: is not a known property (did you mean ${meant}?)`]);
  });

  it("refuses a snake_case member inside a stage, naming its camelCase spelling", async () => {
    const news = { stage: { "pre-login": { max_attempts: 5 } } };
    expect(await failures("suspiciousIpThrottling", news)).toEqual([
      "stage.pre-login.max_attempts: is not a known property (did you mean maxAttempts?)",
    ]);
  });

  it("refuses an unknown property, naming the known one it likely means", async () => {
    expect(await failures("bruteForceProtection", { maxAttempt: 5 })).toEqual([
      "maxAttempt: is not a known property (did you mean maxAttempts?)",
    ]);
  });

  it.each([
    [
      "bruteForceProtection",
      { resetOnDelete: "true" },
      "resetOnDelete: must be a boolean (true or false), not a string",
    ],
    ["bruteForceProtection", { enabled: "true" }, "enabled: must be a boolean"],
    ["bruteForceProtection", { maxAttempts: "5" }, "maxAttempts: must be a number"],
    ["botDetection", { botDetectionLevel: 1 }, "botDetectionLevel: must be one of: low, medium, high"],
  ])("%s refuses %j in one line", async (name, news, reason) => {
    const found = await failures(name, news);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(reason);
  });
});

describe("a change of resetOnDelete alone", () => {
  let emulator: TenantEmulator;
  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("writes nothing and succeeds on a plan that lost the object's feature; destroy's refusal names the way out", async () => {
    const document = DOCUMENTS.find((entry) => entry.name === "botDetection")!;
    const provider = documentProvider(emulatorContext(emulator), document);
    const { outs } = await provider.create({ botDetectionLevel: "high", resetOnDelete: true });
    emulator.tenant.setPlan({ lacks: ["botDetection"] });
    emulator.clearRequestLog();

    const news = { botDetectionLevel: "high", resetOnDelete: false, domain: emulator.domain };
    const checked = await provider.check(outs, atPreview(news, "bot"));
    const diff = await provider.diff("id", outs, checked.inputs);
    const updated = await provider.update("id", outs, checked.inputs);

    expect(checked.failures).toEqual([]);
    expect(diff.changes).toBe(true);
    expect(updated.outs).toMatchObject({ botDetectionLevel: "high", resetOnDelete: false });
    expect(emulator.requestLog.filter((entry) => entry.path !== "/oauth/token")).toEqual([]);

    const refused = await provider.delete("id", outs).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toContain("Please upgrade your subscription to use bot detection");
    expect(refused?.message).toContain("set resetOnDelete to false (or remove it) and run pulumi up");
    await expect(provider.delete("id", updated.outs)).resolves.toBeUndefined();
  });
});

describe("a create of the legacy PhoneTemplates", () => {
  let emulator: TenantEmulator;
  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, settings: { phone_consolidated_experience: false } });
  });
  afterEach(() => emulator.close());

  const messages = {
    enrollmentMessage: "{{code}} enrolls you",
    verificationMessage: "{{code}} verifies you",
  };

  it("fails preview when someone changed the platform's default texts, naming them and the import id", async () => {
    await emulator.tenant.write("PUT", "/guardian/factors/phone/templates", {
      enrollment_message: "{{code}} by hand",
      verification_message: "{{code}} is your verification code for {{tenant.friendly_name}}",
    });
    const provider = createPhoneTemplatesProvider(emulatorContext(emulator), recordingLog());

    const failures = await failuresOf(provider, atPreview(messages, "legacy"));

    expect(failures.join("\n")).toContain(
      "the tenant already has a configured phone templates (it differs from a new tenant's at enrollmentMessage)",
    );
    expect(failures.join("\n")).toContain(
      `import: "${new URL(emulator.url).host}/guardian/factors/phone/templates"`,
    );
  });

  it("takes the templates while they are the platform's defaults", async () => {
    const provider = createPhoneTemplatesProvider(emulatorContext(emulator), recordingLog());
    expect(await failuresOf(provider, atPreview(messages, "legacy"))).toEqual([]);
  });
});
