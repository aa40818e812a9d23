/**
 * The route of the tenant binding through the code, measured: each provider method runs against the emulator
 * with the provider context wrapped so that every read and call of it, and of what it hands out (the binding,
 * the connection), records the `src/` file it comes from (see support/contextTrace.ts). Per method, the files
 * passed through, consecutive repeats collapsed, must be at most 10, and the returns to a file already left
 * at most 8. `ROUTE_TRACE=1` prints each method's figures and route.
 */
import type * as pulumi from "@pulumi/pulumi";

import * as connectionModule from "../../../src/client/connection";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import type { ProviderContext } from "../../../src/engine/providerContext";
import { createCaptchaConfigProvider as captchaConfigProvider } from "../resources/support";
import { createProvider as notificationProvider } from "../../../src/resources/phoneNotificationTemplate/provider";
import { atPreview, emulatorContext, recordingLog } from "../resources/support";
import { RouteRecording, traced } from "./support/contextTrace";

const MAX_FILES = 10;
const MAX_RETURNS = 8;

type Provider = Required<pulumi.dynamic.ResourceProvider>;

interface Subject {
  readonly name: string;
  readonly provider: (context: ProviderContext) => Provider;
  readonly created: Record<string, unknown>;
  readonly changed: Record<string, unknown>;
}

const SUBJECTS: readonly Subject[] = [
  {
    name: "CaptchaConfig",
    provider: (context) => captchaConfigProvider(context),
    created: { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "site-key-1", secret: "secret-value-1" } },
    changed: { activeProviderId: "auth_challenge", authChallenge: { failOpen: true } },
  },
  {
    name: "PhoneNotificationTemplate",
    provider: (context) => notificationProvider(context, recordingLog()),
    created: { type: "otp_verify", content: { body: { text: "{{ code }} is your code" } } },
    changed: { type: "otp_verify", content: { body: { text: "Your code: {{ code }}" } } },
  },
];

describe.each(SUBJECTS)("the tenant binding's route through $name's provider", (subject) => {
  let emulator: TenantEmulator;
  const routes = new Map<string, RouteRecording>();
  const resolutions = new Map<string, number>();
  let current = new RouteRecording();

  /** Runs one provider method with a fresh recording, kept under `method`, and counts its resolutions. */
  async function measured<T>(method: string, run: () => Promise<T>): Promise<T> {
    current = new RouteRecording();
    routes.set(method, current);
    const resolve = jest.spyOn(connectionModule, "resolveTenantConnection");
    try {
      return await run();
    } finally {
      resolutions.set(method, resolve.mock.calls.length);
      resolve.mockRestore();
    }
  }

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
    // A provider process per command, as the engine starts: the preview, the up, the refresh, the destroy.
    const command = () => subject.provider(traced(emulatorContext(emulator), () => current));
    const previewing = command();
    const preview = await measured("check (preview of a create)", () =>
      previewing.check({}, atPreview(subject.created)),
    );
    expect(preview.failures ?? []).toEqual([]);
    const creating = command();
    await measured("check (up)", () => creating.check({}, subject.created));
    const created = await measured("create", () => creating.create(subject.created));
    const read = await measured("read", () => command().read(created.id, created.outs));
    expect(read.props).toMatchObject(subject.created);
    const previewingChange = command();
    const previewChange = await measured("check (preview of an update)", () =>
      previewingChange.check(created.outs, atPreview(subject.changed)),
    );
    expect(previewChange.failures ?? []).toEqual([]);
    const diff = await measured("diff", () =>
      previewingChange.diff(created.id, created.outs, previewChange.inputs),
    );
    expect(diff.changes).toBe(true);
    const updated = await measured("update", () =>
      command().update(created.id, created.outs, { ...subject.changed, domain: emulator.url }),
    );
    expect(updated.outs).toMatchObject(subject.changed);
    await measured("delete", () => command().delete(created.id, updated.outs ?? {}));
    if (process.env["ROUTE_TRACE"] === "1") {
      const lines = [...routes].map(
        ([method, route]) =>
          `${subject.name} ${method}: ${route.files} files, ${route.returns} returns, ` +
          `${resolutions.get(method)} resolutions\n  ${route.sequence.join(" → ")}`,
      );
      process.stderr.write(`${lines.join("\n")}\n`);
    }
  });
  afterAll(() => emulator.close());

  const METHODS = [
    "check (preview of a create)",
    "check (up)",
    "create",
    "read",
    "check (preview of an update)",
    "diff",
    "update",
    "delete",
  ];

  it.each(METHODS)("%s works out the tenant's connection at most once", (method) => {
    expect(resolutions.get(method)).toBeLessThanOrEqual(1);
  });

  it("diff binds nothing when check has bound the tenant (its inputs carry the domain)", () => {
    expect(resolutions.get("diff")).toBe(0);
  });

  it.each(METHODS.filter((method) => method !== "diff"))(
    `%s passes through at most ${MAX_FILES} files and comes back to one at most ${MAX_RETURNS} times`,
    (method) => {
      const route = routes.get(method);
      expect(route?.sequence.length).toBeGreaterThan(0);
      const shown = `${method}: ${route?.files} files, ${route?.returns} returns: ${route?.sequence.join(" → ")}`;
      expect({ within: (route?.files ?? 0) <= MAX_FILES, route: shown }).toEqual({
        within: true,
        route: shown,
      });
      expect({ within: (route?.returns ?? 0) <= MAX_RETURNS, route: shown }).toEqual({
        within: true,
        route: shown,
      });
    },
  );
});
