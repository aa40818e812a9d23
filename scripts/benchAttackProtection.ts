/**
 * `npm run bench -- --focus attack-protection` and `--focus phone-mfa`: a program of the package's resources
 * beside a floor of as many do-nothing dynamic resources: the preview of a fresh stack (medians of interleaved
 * runs, tenant at 0 ms, its emulator warmed up by one request of each kind), and the requests the tenant gets
 * during a no-change preview after `up`. The attack-protection program has six resources (CaptchaConfig,
 * BotDetection, BruteForceProtection, BreachedPasswordDetection, SuspiciousIpThrottling,
 * PhoneNotificationTemplate); the phone-mfa one four (PhoneMfa, PhoneProvider, two PhoneNotificationTemplates).
 */
import { performance } from "node:perf_hooks";

import { startEmulator } from "../src/emulator";
import type { TenantEmulator } from "../src/emulator";
import { botDetectionDocument } from "../src/resources/botDetection/api";
import { breachedPasswordDetectionDocument } from "../src/resources/breachedPasswordDetection/api";
import { bruteForceProtectionDocument } from "../src/resources/bruteForceProtection/api";
import { captchaDocument } from "../src/resources/captchaConfig/api";
import { getGuardianFactors, getPhoneMessageTypes } from "../src/resources/phoneMfa/api";
import { phoneNotificationTemplateEndpoints } from "../src/resources/phoneNotificationTemplate/api";
import { phoneProviderEndpoints } from "../src/resources/phoneProvider/api";
import { suspiciousIpThrottlingDocument } from "../src/resources/suspiciousIpThrottling/api";
import { getTenantSettings } from "../src/resources/tenantSettings/api";
import { API_PREFIX, AUTH_PATHS } from "../src/wire/endpoint";
import { median } from "./benchLifecycle";
import { serialRoundTrips } from "./support/criticalPath";
import { tenantEnv } from "./support/programs";
import { createTestStack } from "./support/stack";

/** As the lifecycle bench: ts-node without its type check, for both programs alike. */
const PROGRAM_ENV = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };

async function timed(operation: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await operation();
  return performance.now() - started;
}

export interface AttackProtectionFigures {
  floorPreviews: number[];
  programPreviews: number[];
  /** Requests the tenant got during each no-change preview (the provider's, and the program's: none). */
  noChangeRequests: number[];
  noChangePreviews: number[];
  /** The requests of each fresh-stack preview, and the longest chain of them sent one after another. */
  previewRequests: { requests: string[]; serial: string[] }[];
}

/** A program of the bench, and the floor it is measured against. */
export interface BenchProgram {
  /** What the report calls it: `six resources (attack protection + a phone template)`. */
  readonly title: string;
  /** Its folder under scripts/bench-programs and its project name. */
  readonly dir: string;
  /** How many resources it declares: the floor declares as many. */
  readonly resources: number;
  /** Its stack config (the phone program's auth token). */
  readonly config?: Record<string, { value: string; secret?: boolean }>;
  /** What its fresh-stack preview reads (a run fails when it reads anything else). */
  readonly previewReads: readonly string[];
}

const apiPaths = (reads: readonly { path: string }[]) => reads.map((read) => `${API_PREFIX}${read.path}`);

export const ATTACK_PROTECTION_PROGRAM: BenchProgram = {
  title: "six resources (attack protection + a phone template)",
  dir: "attack-protection",
  resources: 6,
  // A create's preview reads each singleton, to refuse one someone configured (CAPTCHA and bot detection
  // are read for their plan feature too).
  previewReads: apiPaths([
    botDetectionDocument.get,
    captchaDocument.get,
    bruteForceProtectionDocument.get,
    breachedPasswordDetectionDocument.get,
    suspiciousIpThrottlingDocument.get,
    phoneNotificationTemplateEndpoints.list,
    getTenantSettings,
  ]),
};

export const PHONE_MFA_PROGRAM: BenchProgram = {
  title: "four resources (PhoneMfa, PhoneProvider, two phone templates)",
  dir: "phone-mfa",
  resources: 4,
  config: { "tenant-admin-bench-phone-mfa:twilioAuthToken": { value: "bench-token", secret: true } },
  previewReads: apiPaths([
    getGuardianFactors,
    getPhoneMessageTypes,
    phoneProviderEndpoints.list,
    phoneNotificationTemplateEndpoints.list,
    getTenantSettings,
  ]),
};

/**
 * Sends the emulator one request of each kind the preview sends, before the preview: the emulator runs in this
 * process, and its first answer of a kind pays for compiling its own code, which a tenant at 0 ms would not (its
 * request log showed 7 to 9 ms for the first token and the first template list, about 1 ms for the next ones).
 * Reads only: the tenant stays as new.
 */
async function warmUp(emulator: TenantEmulator, reads: readonly string[]): Promise<void> {
  const answer = await fetch(`${emulator.url}${AUTH_PATHS.token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      audience: emulator.audience,
    }),
  });
  if (!answer.ok) throw new Error(`warm-up: POST ${AUTH_PATHS.token} answered ${answer.status}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  for (const path of reads) {
    const read = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!read.ok) throw new Error(`warm-up: GET ${path} answered ${read.status}`);
  }
}

/** One run: the floor's preview and the program's preview, up and no-change preview, each on a fresh stack. */
async function run(bench: BenchProgram, figures: AttackProtectionFigures, index: number): Promise<void> {
  const floor = await createTestStack({
    programDir: "scripts/bench-programs/floor-six",
    projectName: "tenant-admin-bench-floor-six",
    stackName: `floor-${bench.dir}-${index}`,
    env: PROGRAM_ENV,
    config: { "tenant-admin-bench-floor-six:resources": { value: String(bench.resources) } },
  });
  const emulator = await startEmulator({ rateLimit: false });
  const program = await createTestStack({
    programDir: `scripts/bench-programs/${bench.dir}`,
    projectName: `tenant-admin-bench-${bench.dir}`,
    stackName: `${bench.dir}-${index}`,
    env: { ...tenantEnv(emulator), ...PROGRAM_ENV },
    ...(bench.config === undefined ? {} : { config: bench.config }),
  });
  try {
    await warmUp(emulator, bench.previewReads);
    figures.floorPreviews.push(await timed(() => floor.preview()));
    emulator.clearRequestLog();
    figures.programPreviews.push(await timed(() => program.preview()));
    figures.previewRequests.push({
      requests: emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`),
      serial: serialRoundTrips(emulator.requestLog),
    });
    const unwarmed = emulator.requestLog.filter(
      (entry) => entry.method === "GET" && !bench.previewReads.includes(entry.path),
    );
    if (unwarmed.length > 0) throw new Error(`the preview read ${unwarmed[0]!.path}, which warmUp does not`);
    await program.up();
    emulator.clearRequestLog();
    figures.noChangePreviews.push(await timed(() => program.preview({ expectNoChanges: true })));
    figures.noChangeRequests.push(emulator.requestLog.length);
  } finally {
    await Promise.all([floor.dispose(), program.dispose()]);
    await emulator.close();
  }
}

export async function measureAttackProtection(
  runs: number,
  log: (message: string) => void,
  bench: BenchProgram = ATTACK_PROTECTION_PROGRAM,
): Promise<AttackProtectionFigures> {
  const figures: AttackProtectionFigures = {
    floorPreviews: [],
    programPreviews: [],
    noChangeRequests: [],
    noChangePreviews: [],
    previewRequests: [],
  };
  for (let index = 1; index <= runs; index += 1) {
    log(`${bench.dir} run ${index} of ${runs}`);
    await run(bench, figures, index);
  }
  return figures;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** The lowest and highest of each run's preview ÷ that run's floor: how far one run can stray. */
function runRatios(figures: AttackProtectionFigures): string {
  const ratios = figures.programPreviews.map((program, index) => program / figures.floorPreviews[index]!);
  return `${Math.min(...ratios).toFixed(3)} – ${Math.max(...ratios).toFixed(3)}`;
}

export function attackProtectionReport(
  figures: AttackProtectionFigures,
  bench: BenchProgram = ATTACK_PROTECTION_PROGRAM,
): string {
  const floor = median(figures.floorPreviews);
  const program = median(figures.programPreviews);
  const ratio = program / floor;
  return [
    "| series (medians of interleaved runs, tenant at 0 ms, its emulator warmed up) | wall time |",
    "| --- | --- |",
    `| floor: ${bench.resources} do-nothing dynamic resources, preview (fresh stack) | ${seconds(floor)} |`,
    `| ${bench.title}, preview (fresh stack) | ${seconds(program)} |`,
    `| ${bench.title}, no-change preview after up | ${seconds(median(figures.noChangePreviews))} |`,
    "",
    `Requests of the fresh-stack preview (run 1): ${figures.previewRequests[0]?.requests.join(", ") ?? "none"}; ` +
      `serial round trips: ${figures.previewRequests[0]?.serial.join(" → ") ?? "none"}.`,
    "",
    // Three decimals: a ratio just above the target would round to it with two.
    `Preview ÷ floor: ${ratio.toFixed(3)} (target ≤ 1.10: ${ratio <= 1.1 ? "met" : "**MISSED**"}; ` +
      `each run's own ratio ${runRatios(figures)}). ` +
      `Requests to the tenant during the no-change previews: ${figures.noChangeRequests.join(", ")} ` +
      `(target 0: ${figures.noChangeRequests.every((count) => count === 0) ? "met" : "**MISSED**"}).`,
  ].join("\n");
}
