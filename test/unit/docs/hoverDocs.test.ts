/**
 * What an editor shows on hover over nested members of a resource's arguments and outputs
 * (`hcaptcha.siteKey`, `content.body.text`): their TSDoc, read with the TypeScript language service over a
 * program that uses the package's public entry point.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import * as ts from "typescript";

const repoRoot = resolve(__dirname, "../../..");
const PROGRAM = join(repoRoot, "src", "__hover__.ts");
const SOURCE = `import { BotDetection, CaptchaConfig, PhoneNotificationTemplate, PhoneProvider } from "./index";
import * as pulumi from "@pulumi/pulumi";
const captcha = new CaptchaConfig("c", { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "k", secret: "s" } });
new PhoneNotificationTemplate("t", { type: "otp_verify", content: { from: "+1", body: { text: "{{ code }}" } } });
export const key = captcha.hcaptcha.apply((block) => block?.siteKey);
const bots = new BotDetection("b", { monitoringModeEnabled: true, allowlist: [pulumi.output("192.0.2.1")] });
export const level = bots.botDetectionLevel;
export const base = bots.domain;
const sender = new PhoneProvider("p", {
  provider: "twilio",
  deliveryMethods: ["text"],
  twilio: { sid: "AC1", authToken: pulumi.secret("t"), defaultFrom: "+1" },
});
export const sid = sender.twilio.apply((account) => account?.sid);
`;

function languageService(): ts.LanguageService {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("tsconfig.json did not parse");
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [PROGRAM],
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => {
      const text =
        file === PROGRAM ? SOURCE : ts.sys.fileExists(file) ? readFileSync(file, "utf8") : undefined;
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => repoRoot,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === PROGRAM || ts.sys.fileExists(file),
    readFile: (file) => (file === PROGRAM ? SOURCE : ts.sys.readFile(file)),
  };
  return ts.createLanguageService(host);
}

/** The documentation the editor shows on hover over the `occurrence`-th `name` of the program. */
function hover(service: ts.LanguageService, name: string, occurrence = 1): string {
  let at = -1;
  for (let found = 0; found < occurrence; found += 1) at = SOURCE.indexOf(name, at + 1);
  const info = service.getQuickInfoAtPosition(PROGRAM, at + 1);
  return ts.displayPartsToString(info?.documentation ?? []);
}

describe("hover documentation of nested members", () => {
  const service = languageService();

  it("documents a CAPTCHA block's members in the arguments and in the outputs", () => {
    expect(hover(service, "siteKey")).toMatch(/site key the login page shows/);
    expect(hover(service, "secret")).toMatch(/Stored as a Pulumi secret/);
    expect(hover(service, "siteKey", 2)).toMatch(/site key the login page shows/);
  });

  it("documents a phone template's content members", () => {
    // The first two `from`s are the import statements'.
    expect(hover(service, "from", 3)).toMatch(/sender number/);
    expect(hover(service, "body")).toMatch(/`text` \(SMS\) and `voice`/);
    expect(hover(service, "text")).toMatch(/The SMS: a Liquid template/);
  });

  it("documents a document's members in the arguments and in the outputs, from one declaration", () => {
    expect(hover(service, "monitoringModeEnabled")).toMatch(/only logs what it would challenge/);
    expect(hover(service, "allowlist")).toMatch(/never challenges/);
    expect(hover(service, "botDetectionLevel")).toMatch(/How eagerly a request counts as risky/);
    expect(hover(service, "domain")).toMatch(/The tenant's base URL/);
  });

  it("documents a block's members, with the secret marked", () => {
    expect(hover(service, "authToken")).toMatch(/Stored as a secret/);
    expect(hover(service, "sid")).toMatch(/account's SID/);
    expect(hover(service, "sid", 3)).toMatch(/account's SID/);
  });

  it("compiles a program that passes outputs as list entries and block members", () => {
    const errors = service
      .getSemanticDiagnostics(PROGRAM)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(errors).toEqual([]);
  });
});
