import type * as pulumi from "@pulumi/pulumi";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { OBJECTS } from "../../../src/resources/registry";
import { API_PREFIX } from "../../../src/wire/endpoint";
import { atPreview, emulatorContext, failuresOf } from "./support";

/**
 * The engine asks a preview's checks one after another, so each read a check waits for adds to the preview:
 * a probe that an earlier probe of the same client has already answered is not sent (CAPTCHA's read shows
 * both the plan's bot detection and a global client, bot detection's read only the plan). A create reads its
 * own document anyway (is it as a new tenant has it, or someone's?), and its probe shares that read.
 */
type Provider = Required<pulumi.dynamic.ResourceProvider>;

async function providerOf(name: string, emulator: TenantEmulator, values?: Record<string, string>) {
  const object = OBJECTS.find((entry) => entry.name === name);
  if (object?.resource === undefined) throw new Error(`${name} is not a resource of the registry`);
  return (await object.resource.provider()).createProvider(emulatorContext(emulator, values)) as Provider;
}

const CAPTCHA = atPreview({ activeProviderId: "auth_challenge" }, "captcha");
const BOT_DETECTION = atPreview({ botDetectionLevel: "high" }, "bot-detection");

describe("the probes of a preview's write checks", () => {
  let emulator: TenantEmulator;
  const reads = (path: string): number =>
    emulator.requestLog.filter((entry) => entry.method === "GET" && entry.path === `${API_PREFIX}${path}`)
      .length;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it.each([
    [
      "skips bot detection's read after CAPTCHA's read showed the plan has bot detection (updates)",
      ["captchaConfig", "botDetection"],
      "update",
      [1, 0],
    ],
    [
      "still reads CAPTCHA after bot detection's read, which does not show the client is global (updates)",
      ["botDetection", "captchaConfig"],
      "update",
      [1, 1],
    ],
    [
      "reads each document once for creates: the probe shares the read that looks for an owner",
      ["captchaConfig", "botDetection"],
      "create",
      [1, 1],
    ],
  ] as const)("%s", async (_case, order, step, captchaAndBotDetectionReads) => {
    for (const name of order) {
      const [inputs, state] =
        name === "captchaConfig"
          ? [CAPTCHA, { activeProviderId: "simple_captcha" }]
          : [BOT_DETECTION, { botDetectionLevel: "low" }];
      const olds = step === "create" ? {} : { ...state, domain: emulator.domain };
      const { failures } = await (await providerOf(name, emulator)).check(olds, inputs);
      expect(failures ?? []).toEqual([]);
    }

    expect([reads("/attack-protection/captcha"), reads("/attack-protection/bot-detection")]).toEqual(
      captchaAndBotDetectionReads,
    );
  });

  it("shares an answer only with the client that got it: another client's checks read again", async () => {
    const { clientId, clientSecret } = emulator.nonGlobalClient;
    const other = { "tenant-admin:clientId": clientId, "tenant-admin:clientSecret": clientSecret };
    await failuresOf(await providerOf("captchaConfig", emulator), CAPTCHA);
    const botDetection = await providerOf("botDetection", emulator, other);

    expect(await failuresOf(botDetection, BOT_DETECTION)).toEqual([]);

    expect(reads("/attack-protection/bot-detection")).toBe(1);
  });

  it("lets a refused CAPTCHA read show nothing: bot detection reads, and fails, on its own", async () => {
    emulator.tenant.setPlan({ lacks: ["botDetection"] });
    const captcha = await providerOf("captchaConfig", emulator);
    const botDetection = await providerOf("botDetection", emulator);

    const [captchaFailures, botDetectionFailures] = [
      await failuresOf(captcha, CAPTCHA),
      await failuresOf(botDetection, BOT_DETECTION),
    ];

    expect(reads("/attack-protection/bot-detection")).toBe(1);
    expect(captchaFailures.join("\n")).toMatch(
      /^CaptchaConfig cannot be written: .*upgrade your subscription/,
    );
    expect(botDetectionFailures.join("\n")).toMatch(
      /^BotDetection cannot be written: .*upgrade your subscription/,
    );
  });
});
