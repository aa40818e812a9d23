/**
 * `pulumi refresh` and `pulumi destroy` (and the refresh pass of `--refresh`) run without the program, so the
 * engine configures providers with the stack config saved at the last `pulumi up`. These tests give the
 * command line and the environment explicitly (a provider reads them from `/proc` and `process.env`).
 */
import { TenantConfigError } from "../../../src/client/errors";
import type { TenantConnection } from "../../../src/client/connection";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { ProviderContext } from "../../../src/engine/providerContext";
import type { PulumiCommand } from "../../../src/engine/pulumiCommand";
import { pulumiCommand, usesSavedConfig, withRunProgram } from "../../../src/engine/pulumiCommand";
import { createCaptchaConfigProvider } from "./support";

/** The `pulumi` command line (after `pulumi`) as a provider process finds it. */
function pulumi(line: string): PulumiCommand {
  return { run: "4242:1", args: line === "" ? [] : line.split(" ") };
}

describe("whether a command may hold the saved stack config", () => {
  it("cannot be told in a process no pulumi command runs", () => {
    expect(pulumiCommand()).toBeUndefined();
    expect(usesSavedConfig()).toBeUndefined();
  });

  it.each([
    ["refresh --yes", true],
    ["refresh -s dev", true],
    ["destroy --yes", true],
    ["down -y", true],
    ["up --refresh --yes", true],
    ["up -r", true],
    ["preview --refresh", true],
    ["up --yes", false],
    ["up --skip-preview", false],
    ["preview --diff", false],
    ["import pulumi-nodejs:dynamic:Resource x y", false],
    ["refresh --run-program", false],
    ["destroy --run-program --yes", false],
    ["up --refresh --run-program", false],
    ["--cwd infra -s dev refresh", true],
  ])("pulumi %s: %s", (line, expected) => {
    expect(usesSavedConfig(pulumi(line), {})).toBe(expected);
  });

  it.each([
    ["up --refresh=true", true],
    ["up --refresh=false", false],
    ["up -r=true", true],
    ["up -yr", true],
    ["up -ry", true],
    ["up -s r", false],
    ["refresh --run-program=true", false],
    ["refresh --run-program=false", true],
  ])("reads boolean flags as the CLI does: pulumi %s: %s", (line, expected) => {
    expect(usesSavedConfig(pulumi(line), {})).toBe(expected);
  });

  it.each(["true", "1", "TRUE"])("runs the program when PULUMI_RUN_PROGRAM is %s", (value) => {
    expect(usesSavedConfig(pulumi("refresh --yes"), { PULUMI_RUN_PROGRAM: value })).toBe(false);
    expect(usesSavedConfig(pulumi("destroy"), { PULUMI_RUN_PROGRAM: value })).toBe(false);
  });

  it.each(["false", "0", ""])("does not run the program when PULUMI_RUN_PROGRAM is %j", (value) => {
    expect(usesSavedConfig(pulumi("refresh --yes"), { PULUMI_RUN_PROGRAM: value })).toBe(true);
  });

  it("cannot tell without a command", () => {
    expect(usesSavedConfig(undefined, {})).toBeUndefined();
  });
});

describe("the command that runs the program", () => {
  it.each([
    ["refresh --yes -s dev", "pulumi refresh --run-program --yes -s dev"],
    ["destroy", "pulumi destroy --run-program"],
    ["--cwd infra up --refresh", "pulumi --cwd infra up --run-program --refresh"],
    ["refresh --logtostderr -v=9 --yes", "pulumi refresh --run-program --yes"],
  ])("adds --run-program after the subcommand of pulumi %s", (line, expected) => {
    expect(withRunProgram(pulumi(line))).toBe(expected);
  });

  it("quotes an argument the shell would split or expand", () => {
    const command = { run: "1:1", args: ["refresh", "--message", "rotated $SECRET's key", "--yes"] };
    expect(withRunProgram(command)).toBe(
      `pulumi refresh --run-program --message 'rotated $SECRET'\\''s key' --yes`,
    );
  });

  it("names both commands when the command cannot be told", () => {
    expect(withRunProgram(undefined)).toBe("pulumi refresh --run-program (or pulumi destroy --run-program)");
    expect(withRunProgram(pulumi(""))).toBe("pulumi refresh --run-program (or pulumi destroy --run-program)");
  });
});

describe("a provider's connection for a resource in state, under the saved config", () => {
  const domain = "https://tenant-a.example.com";
  const unboundEnv = { AUTH0_CLIENT_ID: "env-client", AUTH0_CLIENT_SECRET: "env-secret-value-7c1d" };

  /** A provider context of a process under `line`, configured with the saved config's domain only. */
  function contextUnder(line: string, env: Record<string, string>): ProviderContext {
    const context = new ProviderContext({ command: () => pulumi(line), env });
    const config: Record<string, string> = { "tenant-admin:domain": "tenant-a.example.com" };
    context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
    return context;
  }

  /** The connection a refresh or delete of a resource at `at` binds, or `undefined` for another tenant. */
  function connectionAt(context: ProviderContext, at: string): TenantConnection | undefined {
    const bound = context.bindState(at, undefined);
    return "binding" in bound ? bound.binding.connection : undefined;
  }

  function refusal(context: ProviderContext): TenantConfigError {
    try {
      connectionAt(context, domain);
    } catch (error) {
      expect(error).toBeInstanceOf(TenantConfigError);
      return error as TenantConfigError;
    }
    throw new Error("expected bindState to refuse");
  }

  it.each(["refresh --yes", "destroy --yes", "up --refresh"])(
    "refuses environment credentials without AUTH0_DOMAIN for the saved domain under pulumi %s, sending nothing",
    (line) => {
      const context = contextUnder(line, unboundEnv);
      expect(context.holdsSavedConfig()).toBe(true);
      const error = refusal(context);
      expect(error.message).toMatch(/^https:\/\/tenant-a\.example\.com: nothing was sent\. /);
      expect(error.message).toContain(`Run ${withRunProgram(pulumi(line))}`);
      expect(error.message).toContain("--run-program");
      expect(error.message).toContain("AUTH0_DOMAIN");
      expect(error.message).not.toContain(unboundEnv.AUTH0_CLIENT_SECRET);
    },
  );

  it("allows them once the program ran (check was called), which means the config is the current one", () => {
    const context = contextUnder("refresh --yes", unboundEnv);
    context.programRuns();
    expect(context.holdsSavedConfig()).toBe(false);
    const connection = connectionAt(context, domain) as TenantConnection;
    expect(connection.baseUrl).toBe(domain);
    expect(connection.origin).toEqual({ domain: "config", credentials: "env", unbound: true });
  });

  it("allows them when AUTH0_DOMAIN says which tenant they belong to", () => {
    const context = contextUnder("refresh --yes", { ...unboundEnv, AUTH0_DOMAIN: "tenant-a.example.com" });
    const connection = connectionAt(context, domain) as TenantConnection;
    expect(connection.baseUrl).toBe(domain);
    expect(connection.origin.unbound).toBe(false);
  });

  it("allows them when the command runs the program", () => {
    for (const line of ["up --yes", "refresh --run-program", "preview"]) {
      expect(connectionAt(contextUnder(line, unboundEnv), domain)?.baseUrl).toBe(domain);
    }
    const byEnv = contextUnder("refresh", { ...unboundEnv, PULUMI_RUN_PROGRAM: "true" });
    expect(connectionAt(byEnv, domain)?.baseUrl).toBe(domain);
  });

  it("allows credentials from the saved config itself", () => {
    const context = new ProviderContext({ command: () => pulumi("refresh"), env: {} });
    const config: Record<string, string> = {
      "tenant-admin:domain": "tenant-a.example.com",
      "tenant-admin:apiToken": "config-token-value",
    };
    context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
    expect(connectionAt(context, domain)?.origin).toEqual({
      domain: "config",
      credentials: "config",
      unbound: false,
    });
  });

  it("leaves a resource of another tenant alone (no connection) before looking at the credentials", () => {
    const context = contextUnder("refresh --yes", unboundEnv);
    expect(connectionAt(context, "https://tenant-b.example.com")).toBeUndefined();
  });

  it("treats a command it cannot tell as one that may hold the saved config", () => {
    const context = new ProviderContext({ command: () => undefined, env: unboundEnv });
    const config: Record<string, string> = { "tenant-admin:domain": "tenant-a.example.com" };
    context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
    expect(refusal(context).message).toContain(
      "pulumi refresh --run-program (or pulumi destroy --run-program)",
    );
  });
});

describe("a refused token under the saved config", () => {
  let emulator: TenantEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emulator.close());

  /** A provider of a process under `line` whose stack config holds a client secret the tenant refuses. */
  function providerUnder(line: string, programRuns = false) {
    const context = new ProviderContext({ command: () => pulumi(line), env: {} });
    const config: Record<string, string> = {
      "tenant-admin:domain": emulator.url,
      "tenant-admin:clientId": emulator.clientId,
      "tenant-admin:clientSecret": "a-rotated-away-secret",
    };
    context.configure({ get: (key: string) => config[key], require: (key: string) => config[key] ?? "" });
    if (programRuns) context.programRuns();
    return createCaptchaConfigProvider(context);
  }

  async function refreshFailure(line: string, programRuns = false): Promise<string> {
    const state = { activeProviderId: "auth_challenge", domain: emulator.url };
    const failure = await providerUnder(line, programRuns)
      .read(`${new URL(emulator.url).host}/attack-protection/captcha`, state)
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    if (failure === undefined) throw new Error("expected the refresh to fail");
    return failure.message;
  }

  it("says the command ran without the program and names the command that runs it", async () => {
    const message = await refreshFailure("refresh --yes");
    expect(message).toBe(
      `${emulator.url}: POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client ` +
        "secret (tenant-admin:clientId / AUTH0_CLIENT_ID, tenant-admin:clientSecret / AUTH0_CLIENT_SECRET). " +
        "Pulumi ran this without the program, so the provider used the stack config saved at the last pulumi up: " +
        "if the credentials changed since (a rotated tenant-admin:clientSecret), run pulumi refresh --run-program " +
        "--yes, or pulumi up first.",
    );
    expect(message).not.toContain("a-rotated-away-secret");
  });

  it.each([
    ["the command runs the program", "refresh --run-program", false],
    ["check ran (the program runs)", "refresh --yes", true],
  ])("adds nothing when %s", async (_case, line, programRuns) => {
    expect(await refreshFailure(line, programRuns)).toMatch(/AUTH0_CLIENT_SECRET\)\.$/);
  });
});
