import { toCamelDeep } from "../../../src/wire/casing";
import { resolveTenantConnection } from "../../../src/client/connection";
import { ManagementClient } from "../../../src/client/managementClient";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { OBJECTS } from "../../../src/resources/registry";
import type { ManagedDocument } from "../../../src/resources/tenantObject/provider/document";
import { documentProvider } from "../../../src/resources/tenantObject/provider/document";
import { DRY_RUN_KEY, NAME_KEY } from "../../../src/resources/tenantObject/inputs";
import { API_PREFIX } from "../../../src/wire/endpoint";
import { call } from "../emulator/support";
import { emulatorContext, failuresOf } from "./support";

/**
 * What every document object of the registry does, through both its own provider (with what is special to
 * it) and the plain document machinery: a new document object is covered here from its registry line on.
 */
const DOCUMENTS = OBJECTS.flatMap((object) =>
  object.document !== undefined && object.resource !== undefined
    ? [{ object, document: { ...object.document, resource: object.resource } }]
    : [],
);

/** A new tenant's document in the user's spelling: inputs every document's schema accepts. */
const newTenantInputs = (document: ManagedDocument): Record<string, unknown> =>
  toCamelDeep(document.newTenant, document.verbatim ?? []) as Record<string, unknown>;

/** The first member of a new tenant's document whose value is a scalar: a declaration of one member. */
function oneMember(document: ManagedDocument): Record<string, unknown> {
  const inputs = newTenantInputs(document);
  const [key, value] = Object.entries(inputs).find(([, member]) => typeof member !== "object") ?? [];
  if (key === undefined) throw new Error(`${document.name}: a new tenant has no scalar member to declare`);
  return { [key]: value };
}

/** A new tenant's top-level member with one boolean inside it flipped: a valid declaration the tenant differs from. */
function flippedBoolean(
  inputs: Record<string, unknown>,
): { declared: Record<string, unknown>; path: string } | undefined {
  const flip = (value: unknown, path: string): { value: unknown; path: string } | undefined => {
    if (typeof value === "boolean") return { value: !value, path };
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    for (const [key, member] of Object.entries(value)) {
      const flipped = flip(member, `${path}.${key}`);
      if (flipped !== undefined) return { value: { ...value, [key]: flipped.value }, path: flipped.path };
    }
    return undefined;
  };
  for (const [key, member] of Object.entries(inputs)) {
    const flipped = flip(member, key);
    if (flipped !== undefined) return { declared: { [key]: flipped.value }, path: flipped.path };
  }
  return undefined;
}

const NOT_MEMBERS = ["domain", "resetOnDelete", "tenant", "importId"];
const membersOf = (props: Record<string, unknown>): string[] =>
  Object.keys(props).filter((key) => !NOT_MEMBERS.includes(key) && props[key] !== undefined);

it("lists at least the documents this package has", () => {
  expect(DOCUMENTS.map(({ document }) => document.name)).toContain("captchaConfig");
});

describe.each(DOCUMENTS.map(({ object, document }) => [document.name, object, document] as const))(
  "the document %s",
  (_name, object, document) => {
    let emulator: TenantEmulator;
    let client: ManagementClient;
    const apiPath = `${API_PREFIX}${document.get.path}`;
    const providers = {
      own: async () => (await object.resource!.provider()).createProvider(emulatorContext(emulator)),
      machinery: async () => documentProvider(emulatorContext(emulator), document),
    };

    beforeEach(async () => {
      emulator = await startEmulator({ rateLimit: false });
      const { url, clientId, clientSecret } = emulator;
      client = new ManagementClient(
        resolveTenantConnection({ config: { domain: url, clientId, clientSecret }, env: {} }),
      );
    });
    afterEach(() => emulator.close());

    it.each(["own", "machinery"] as const)(
      "writes with one PATCH of the declared members (%s provider)",
      async (which) => {
        const provider = await providers[which]();
        emulator.clearRequestLog();
        const created = await provider.create(newTenantInputs(document));

        const writes = emulator.requestLog.filter(
          (entry) => entry.method !== "GET" && entry.path !== "/oauth/token",
        );
        expect(writes.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`PATCH ${apiPath}`]);
        expect(created.id).toContain(document.get.path);
        expect(emulator.tenant.read(document.get.path)).toMatchObject(document.newTenant);
      },
    );

    it.each(["own", "machinery"] as const)(
      "reads back only the declared members (%s provider)",
      async (which) => {
        const provider = await providers[which]();
        const declared = oneMember(document);
        const read = await provider.read(document.get.path, { ...declared, domain: emulator.domain });

        expect(membersOf(read.props as Record<string, unknown>)).toEqual(Object.keys(declared));
        expect(read.props).toMatchObject(declared);
      },
    );

    it.each(["own", "machinery"] as const)(
      "reads what the tenant has over what state says, so refresh shows drift (%s provider)",
      async (which) => {
        const provider = await providers[which]();
        const [key, value] = Object.entries(oneMember(document))[0]!;
        const read = await provider.read(document.get.path, {
          [key]: `not-${String(value)}`,
          domain: emulator.domain,
        });
        expect((read.props as Record<string, unknown>)[key]).toEqual(value);
      },
    );

    it("adopts the tenant's document when it matches the program", async () => {
      const provider = await providers.own();
      const host = new URL(emulator.url).host;
      const news = {
        ...oneMember(document),
        importId: `${host}${document.get.path}`,
        [DRY_RUN_KEY]: true,
        [NAME_KEY]: "adopted",
      };
      expect(await failuresOf(provider, news)).toEqual([]);
      const differing = flippedBoolean(newTenantInputs(document));
      if (differing !== undefined) {
        const failures = await failuresOf(provider, { ...news, ...differing.declared });
        expect(failures.join("\n")).toContain(
          `cannot import: the tenant's ${document.label} differs from the program at ${differing.path}`,
        );
      }
    });

    it("refuses an unknown property at check, naming the member it likely means", async () => {
      const provider = await providers.machinery();
      const [key, value] = Object.entries(oneMember(document))[0]!;
      const failures = await failuresOf(provider, { ...oneMember(document), [`${key}x`]: value });
      expect(failures.join("\n")).toContain(`${key}x: is not a known property (did you mean ${key}?)`);
    });

    it("is declared by tenant-admin export as one resource", async () => {
      const { objectExport } = await object.exporter!();
      const { snapshot, skipped } = await objectExport.read({
        client,
        settings: {},
        phoneGeneration: "unified",
      });
      expect(skipped).toEqual([]);
      const lines = objectExport
        .declare(snapshot, "tenant.example.com")
        .declarations.flatMap((declaration) => declaration.lines);
      expect(lines.join("\n")).toContain(`new ${document.resource.type}(`);
    });

    it("is served by the emulator: GET, PATCH, and an unknown member refused", async () => {
      const token = await emulator.issueToken();
      const read = await call(emulator, "GET", apiPath, { token });
      const written = await call(emulator, "PATCH", apiPath, { token, json: document.newTenant });
      const unknown = await call(emulator, "PATCH", apiPath, { token, json: { no_such_member: 1 } });

      expect(read.status).toBe(200);
      expect(written.status).toBe(200);
      expect(written.body).toEqual(read.body);
      expect(unknown.status).toBe(400);
      expect(emulator.tenant.read(document.get.path)).toEqual(read.body);
    });

    const entitlement = document.entitlement;
    (entitlement === undefined ? it.skip : it)(
      "is refused as recorded when the plan lacks its feature, and fails the preview of a write",
      async () => {
        emulator.tenant.setPlan({ lacks: [entitlement!.feature] });
        const token = await emulator.issueToken();
        const read = await call(emulator, "GET", apiPath, { token });
        const provider = await providers.machinery();
        const failures = await failuresOf(provider, {
          ...oneMember(document),
          [DRY_RUN_KEY]: true,
          [NAME_KEY]: "x",
        });

        expect([read.status, read.body]).toEqual([
          entitlement!.refusal.status,
          expect.objectContaining({
            message: entitlement!.refusal.message,
            errorCode: entitlement!.refusal.errorCode,
          }),
        ]);
        expect(failures.join("\n")).toContain(entitlement!.refusal.message);
      },
    );
  },
);

describe("a destroy with resetOnDelete", () => {
  let emulator: TenantEmulator;
  const managed = (name: string): ManagedDocument => {
    const { document, object } = DOCUMENTS.find((entry) => entry.document.name === name)!;
    return { ...document, resource: object.resource! };
  };

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it("gives the declared members a new tenant's values and leaves the others as the tenant has them", async () => {
    const document = managed("breachedPasswordDetection");
    // Another stack, or the dashboard, set the rest of the document.
    await emulator.tenant.write("PATCH", document.get.path, {
      enabled: true,
      shields: ["block"],
      method: "enhanced",
      stage: {
        "pre-user-registration": { shields: ["block"] },
        "pre-change-password": { shields: ["block"] },
      },
    });
    const provider = documentProvider(emulatorContext(emulator), document);

    await provider.delete(document.get.path, {
      method: "enhanced",
      stage: { "pre-change-password": { shields: ["block"] } },
      resetOnDelete: true,
      domain: emulator.domain,
    });

    expect(emulator.tenant.read(document.get.path)).toMatchObject({
      enabled: true,
      shields: ["block"],
      method: "standard",
      stage: { "pre-user-registration": { shields: ["block"] }, "pre-change-password": { shields: [] } },
    });
  });

  it("resets a stage member it declares and leaves the stage's other members", async () => {
    const document = managed("suspiciousIpThrottling");
    await emulator.tenant.write("PATCH", document.get.path, {
      enabled: false,
      stage: { "pre-login": { max_attempts: 5, rate: 100000 } },
    });
    const provider = documentProvider(emulatorContext(emulator), document);

    await provider.delete(document.get.path, {
      stage: { "pre-login": { maxAttempts: 5 } },
      resetOnDelete: true,
      domain: emulator.domain,
    });

    expect(emulator.tenant.read(document.get.path)).toMatchObject({
      enabled: false,
      stage: { "pre-login": { max_attempts: 100, rate: 100000 } },
    });
  });
});
