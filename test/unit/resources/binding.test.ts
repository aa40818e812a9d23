import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import * as pulumi from "@pulumi/pulumi";

import * as engineLogModule from "../../../src/engine/log";
import { createCaptchaConfigProvider } from "./support";
import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { configuredContext } from "./support";

// The configured tenant is http://127.0.0.1:1 (nothing listens there): any contact would fail loudly.
const context = configuredContext();
const captcha = createCaptchaConfigProvider(context);
const templates = createPhoneTemplatesProvider(context);
const configured = "http://127.0.0.1:1";
const oldTenant = "https://old-tenant.example.com";
const messages = { enrollmentMessage: "{{code}} a", verificationMessage: "{{code}} b" };
const hcaptcha = { siteKey: "s", secret: "kept-secret-93ad" };

let warnings: string[];
beforeEach(() => {
  warnings = [];
  // The provider's warnings go to the engine output through engineLog; recorded here as the engine shows them.
  jest.spyOn(engineLogModule, "engineLog").mockImplementation((message, severity = "info") => {
    if (severity === "warn") warnings.push(`warning: ${message}`);
  });
});
afterEach(() => jest.restoreAllMocks());

describe("a resource stays bound to the tenant in its state", () => {
  it("adds the resolved tenant URL to the checked inputs, so a move shows as a domain change", async () => {
    const result = await templates.check({}, messages);
    expect(result.inputs).toEqual({ ...messages, domain: configured });
  });

  it("replaces, naming the tenant, when the configured tenant is another one", async () => {
    const result = await templates.diff(
      "id",
      { ...messages, domain: oldTenant },
      { ...messages, domain: configured },
    );
    expect(result).toMatchObject({ changes: true, replaces: ["tenant"], deleteBeforeReplace: true });
  });

  it("sees rotated credentials in the tenant argument as no change", async () => {
    const tenant = { domain: configured, clientId: "id", clientSecret: "old-secret" };
    const rotated = { ...tenant, clientSecret: "new-secret" };
    const result = await templates.diff(
      "id",
      { ...messages, tenant, domain: configured },
      { ...messages, tenant: rotated, domain: configured },
    );
    expect(result).toMatchObject({ changes: false, replaces: [] });
  });

  it("refreshes a resource of another tenant without contacting anyone, and says so once", async () => {
    const state = { ...messages, domain: oldTenant };
    await expect(templates.read("old-tenant.example.com/x", state)).resolves.toEqual({
      id: "old-tenant.example.com/x",
      props: state,
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBe(
      `warning: PhoneTemplates on ${oldTenant} was not refreshed: the stack's tenant is now ${configured}, ` +
        `and no credentials are configured for ${oldTenant}; that tenant is left as it was.`,
    );
  });

  it("leaves the old tenant as it was on delete when no credentials are configured for it", async () => {
    await expect(templates.delete("id", { ...messages, domain: oldTenant })).resolves.toBeUndefined();
    expect(warnings.join("\n")).toContain(`PhoneTemplates on ${oldTenant} was not deleted`);
  });

  it("uses the state's own tenant argument, not the stack's credentials, for the old tenant", async () => {
    const tenant = { domain: "http://127.0.0.1:2", apiToken: "old-tenant-token" };
    const failure = await templates.delete("id", { ...messages, tenant, domain: "http://127.0.0.1:2" }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    // It tried the old tenant (nothing listens there) and said which one, in one line.
    expect(failure?.message).toMatch(
      /^http:\/\/127\.0\.0\.1:2: PUT \/guardian\/factors\/phone\/templates failed: connection refused/,
    );
    expect(failure?.message).toContain("Check that http://127.0.0.1:2 is the tenant's domain");
    expect(failure?.message).not.toContain("old-tenant-token");
    expect(String(failure)).toBe("tenant-admin");
    expect(failure?.message).not.toContain("\n");
  });
});

describe("a provider block the program no longer declares", () => {
  const olds = { activeProviderId: "hcaptcha", hcaptcha, domain: configured };
  const news = { activeProviderId: "auth_challenge", authChallenge: { failOpen: true } };

  it("stays in the inputs, its secret marked secret, and a warning says the tenant keeps it", async () => {
    const result = await captcha.check(olds, news);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual({
      ...news,
      domain: configured,
      hcaptcha: {
        siteKey: "s",
        secret: { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: hcaptcha.secret },
      },
    });
    expect(warnings).toEqual([
      `warning: CaptchaConfig on ${configured}: hcaptcha is no longer declared, but the API cannot remove a ` +
        "provider's settings: the tenant keeps it (and so does the stack's state).",
    ]);
    expect(warnings.join("\n")).not.toContain(hcaptcha.secret);
  });

  it("with nothing else changed, is not carried: the inputs are the program's, and the warning is the same", async () => {
    const unchangedOlds = { ...olds, ...news, hcaptcha };
    const result = await captcha.check(unchangedOlds, news);
    expect(result.inputs).toEqual({ ...news, domain: configured });
    expect(warnings).toEqual([
      `warning: CaptchaConfig on ${configured}: hcaptcha is no longer declared, but the API cannot remove a ` +
        "provider's settings: the tenant keeps it (and so does the stack's state).",
    ]);
  });

  it("is not a change by itself", async () => {
    const result = await captcha.diff("id", olds, { activeProviderId: "hcaptcha", domain: configured });
    expect(result).toMatchObject({ changes: false });
  });

  it("is not carried to another tenant", async () => {
    const result = await captcha.check({ ...olds, domain: oldTenant }, news);
    expect(result.inputs).not.toHaveProperty("hcaptcha");
  });
});

describe("a PATCH answer that lacks a declared block", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.setHeader("content-type", "application/json");
        response.end(
          request.url === "/oauth/token"
            ? JSON.stringify({ access_token: "t", token_type: "Bearer", expires_in: 86400 })
            : request.method === "GET"
              ? // A new tenant's configuration: nobody configured it, so a create may take it.
                JSON.stringify({ active_provider_id: "auth_challenge", auth_challenge: { fail_open: false } })
              : // Answers without the hcaptcha block that was just written.
                JSON.stringify({ active_provider_id: "hcaptcha", auth_challenge: { fail_open: false } }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("keeps the declared block and its secret in state", async () => {
    const provider = createCaptchaConfigProvider(configuredContext({ "tenant-admin:domain": url }));
    const created = await provider.create({ activeProviderId: "hcaptcha", hcaptcha });
    expect(created.outs).toMatchObject({ activeProviderId: "hcaptcha", hcaptcha, domain: url });
  });
});
