// The attack-protection tests' program: bot detection and suspicious IP throttling, each declaring what the
// stack config says, and imported with the `import` resource option when its import id is set. `extraBotArgs`
// (a JSON object) adds arguments as a JavaScript program could pass them, unchecked by the compiler;
// `secondBotDetection` declares a second BotDetection of the same tenant; `readAfterWrites` exports the tenant's
// bot detection level and friendly name as the read functions see them after bot detection is written.
import * as pulumi from "@pulumi/pulumi";
import type { BotDetectionLevel } from "pulumi-tenant-admin";
import {
  BotDetection,
  SuspiciousIpThrottling,
  getAttackProtectionOutput,
  getTenantSettingsOutput,
} from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");
const importOf = (key: string) => {
  const id = config.get(key);
  return id === undefined ? {} : { import: id };
};

const bot = new BotDetection(
  "bot-detection",
  {
    botDetectionLevel: config.require<BotDetectionLevel>("botDetectionLevel"),
    ...config.getObject<Record<string, unknown>>("extraBotArgs"),
  },
  importOf("botImportId"),
);

if (config.getBoolean("secondBotDetection")) {
  new BotDetection("bot-detection-again", { botDetectionLevel: "high" });
}

const suspicious = new SuspiciousIpThrottling(
  "suspicious-ips",
  {
    allowlist: config.requireObject<string[]>("allowlist"),
    stage: { "pre-login": { maxAttempts: config.requireNumber("loginAttempts") } },
  },
  importOf("suspiciousImportId"),
);

export const level = bot.botDetectionLevel;
export const loginStage = suspicious.stage.apply((stage) => stage?.["pre-login"]);

if (config.getBoolean("readAfterWrites")) {
  exports.levelReadAfter = getAttackProtectionOutput({}, { dependsOn: [bot] }).apply(
    (read) => read.botDetection?.botDetectionLevel,
  );
  exports.nameReadAfter = getTenantSettingsOutput({ fields: ["friendlyName"] }, { dependsOn: bot }).apply(
    (settings) => settings.friendlyName ?? null,
  );
}
