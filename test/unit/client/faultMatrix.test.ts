import type { ManagementClient } from "../../../src/client/managementClient";
import { TenantApiError, TenantConnectionError, TenantResponseError } from "../../../src/client/errors";
import { RETRY_POLICY } from "../../../src/client/http";
import type { EmulatorRoute, Fault } from "../../../src/emulator";
import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings, settingsQuery } from "../../../src/resources/tenantSettings/api";
import { expectNoSecrets } from "../../support/secrets";
import { ROUTES, caught, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

// Every operation the providers send, against every fault the emulator can inject, counted from the
// emulator's request log. retries.test.ts has the policy's details (backoff, logs, give-up messages) on
// one or two routes; this is the grid.

const CAPTCHA_SECRET = "hc-secret-fault-matrix-9b2e47";
const API_KEY = "re-api-key-fault-matrix-1f0c83";

interface Operation {
  route: EmulatorRoute;
  /** The method and path errors name. */
  names: string;
  run(client: ManagementClient): Promise<unknown>;
}

const operations: [string, Operation][] = [
  [
    "the token request",
    { route: ROUTES.token, names: "POST /oauth/token", run: (client) => client.send(getTenantSettings) },
  ],
  [
    "the CAPTCHA read",
    {
      route: ROUTES.getCaptcha,
      names: "GET /attack-protection/captcha",
      run: (client) => client.send(getCaptcha),
    },
  ],
  [
    "the CAPTCHA write",
    {
      route: ROUTES.patchCaptcha,
      names: "PATCH /attack-protection/captcha",
      run: (client) =>
        client.send(patchCaptcha, {
          body: {
            active_provider_id: "hcaptcha",
            hcaptcha: { site_key: "site", secret: CAPTCHA_SECRET },
            recaptcha_enterprise: { site_key: "site", api_key: API_KEY, project_id: "project" },
          },
        }),
    },
  ],
  [
    "the settings read",
    {
      route: ROUTES.getSettings,
      names: "GET /tenants/settings",
      run: (client) => client.send(getTenantSettings, { query: settingsQuery(["friendly_name"]) }),
    },
  ],
  [
    "the phone templates read",
    {
      route: ROUTES.getPhoneTemplates,
      names: "GET /guardian/factors/phone/templates",
      run: (client) => client.send(getPhoneTemplates),
    },
  ],
  [
    "the phone templates write",
    {
      route: ROUTES.putPhoneTemplates,
      names: "PUT /guardian/factors/phone/templates",
      run: (client) =>
        client.send(putPhoneTemplates, {
          body: { enrollment_message: "{{code}} e", verification_message: "{{code}} v" },
        }),
    },
  ],
];

const transient: [string, Fault][] = [
  ["500", { kind: "serverError", status: 500 }],
  ["502", { kind: "serverError", status: 502 }],
  ["503", { kind: "serverError", status: 503 }],
  ["a connection reset", { kind: "connectionReset" }],
];

/** A body whose fields each operation needs have the wrong type, and hold the request's secrets. */
const SECRETS_ECHO = JSON.stringify({
  access_token: { echo: CAPTCHA_SECRET },
  active_provider_id: [CAPTCHA_SECRET],
  enrollment_message: { echo: API_KEY },
  friendly_name: [API_KEY],
});

const grid = <T>(rows: [string, T][]) =>
  operations.flatMap(([name, operation]) =>
    rows.map(([label, value]) => [name, label, operation, value] as const),
  );

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

/** Every credential of a test, for {@link expectNoSecrets}. */
function secretsOf(harness: Harness): Record<string, string> {
  return { clientSecret: harness.emulator.clientSecret, captchaSecret: CAPTCHA_SECRET, apiKey: API_KEY };
}

function routeStatuses(route: string): number[] {
  return harness.emulator.requestLog
    .filter((entry) => `${entry.method} ${entry.path}` === route)
    .map((entry) => entry.status);
}

describe("every operation under every transient fault", () => {
  it.each(grid(transient))("%s: retries %s twice and succeeds", async (_name, label, operation, fault) => {
    const { client, sleeps } = harness.client();
    harness.emulator.injectFault(operation.route, fault, 2);

    await operation.run(client);

    const failed = label === "a connection reset" ? 0 : Number(label);
    expect(routeStatuses(operation.route)).toEqual([failed, failed, 200]);
    expect(sleeps).toHaveLength(2);
  });

  it.each(grid(transient))(
    `%s: gives up on %s after ${RETRY_POLICY.maxRetries + 1} attempts, naming the operation`,
    async (_name, label, operation, fault) => {
      const { client } = harness.client();
      harness.emulator.injectFault(operation.route, fault, 10);

      const error = await caught(() => operation.run(client));

      expect(routeStatuses(operation.route)).toHaveLength(RETRY_POLICY.maxRetries + 1);
      expect(error.message.startsWith(`${operation.names} failed: `)).toBe(true);
      if (label === "a connection reset") {
        expect(error).toBeInstanceOf(TenantConnectionError);
        expect(error.message).toContain("connection reset");
      } else {
        expect(error).toBeInstanceOf(TenantApiError);
        expect(error.message).toContain(`failed: ${label} `);
      }
      expectNoSecrets(`${error.message} ${String(error.cause)}`, secretsOf(harness), "the error");
    },
  );
});

describe("every operation answered 200 with a body it cannot use", () => {
  const malformed: [string, Fault][] = [
    ["not JSON", { kind: "malformedBody", variant: "non-json" }],
    ["JSON of the wrong shape", { kind: "malformedBody", variant: "wrong-shape" }],
    ["of the wrong types, with the request's secrets in it", { kind: "malformedBody", body: SECRETS_ECHO }],
  ];

  it.each(grid(malformed))(
    "%s: a body that is %s is an error naming the operation, sent once, never a success",
    async (_name, _label, operation, fault) => {
      const { client } = harness.client();
      harness.emulator.injectFault(operation.route, fault);

      const error = await caught(() => operation.run(client));

      expect(error).toBeInstanceOf(TenantResponseError);
      expect(error.message.startsWith(`${operation.names} returned 200 with a body that `)).toBe(true);
      expect(routeStatuses(operation.route)).toEqual([200]);
      expectNoSecrets(error.message, secretsOf(harness), "the error");
    },
  );
});

describe("every operation slower than the timeout", () => {
  let slow: Harness;
  beforeAll(async () => {
    // Its own emulator: the delayed requests still finish (and are logged) after the client gave up.
    slow = await startHarness();
  });
  afterAll(() => slow.close());

  it.each(operations)(
    "%s: times out each attempt and says so, naming the operation",
    async (_name, operation) => {
      const { client } = slow.client({ timeoutSeconds: 0.1 });
      // Far longer than any busy machine takes for five attempts: the emulator has answered none of them
      // when the client gives up (closing it drops them).
      slow.emulator.injectFault(operation.route, { kind: "delay", ms: 600_000 }, RETRY_POLICY.maxRetries + 1);
      slow.emulator.clearRequestLog();

      const error = await caught(() => operation.run(client));

      expect(error).toBeInstanceOf(TenantConnectionError);
      expect(error.message).toMatch(
        new RegExp(
          `^${operation.names.replace(/[/]/g, "\\/")} failed: timed out after 0\\.1 s \\(host [^)]+, 5 attempts\\)\\.$`,
        ),
      );
      const answered = slow.emulator.requestLog.filter(
        (entry) => `${entry.method} ${entry.path}` === operation.route,
      );
      expect(answered).toEqual([]);
    },
  );
});
