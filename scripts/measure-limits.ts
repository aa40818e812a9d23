/**
 * `npm run measure:limits`: what the Liquid budget costs against the worst templates known, on this machine.
 * Prints markdown:
 *
 * - per template, the time the template review takes to refuse it (median of 3 runs, in this process), and
 *   the limit it names;
 * - the emulator under the worst one: how long a POST of it to /branding/phone/templates takes to be refused,
 *   and how long an unrelated GET sent meanwhile waits (medians of 5 rounds).
 *
 * Usage: npm run measure:limits
 */
import { performance } from "node:perf_hooks";

import { startEmulator } from "../src/emulator";
import { LEGACY_PHONE_DIALECT } from "../src/resources/phoneTemplates/dialect";
import { phoneNotificationTemplateEndpoints } from "../src/resources/phoneNotificationTemplate/api";
import { reviewTemplate } from "../src/templates";
import { API_PREFIX } from "../src/wire/endpoint";
import { WORST_TEMPLATES } from "./support/hostileTemplates";

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function reviewTable(): string[] {
  const rows = [
    "| template | characters | refused after | the review's error |",
    "| --- | ---: | ---: | --- |",
  ];
  for (const [label, template] of WORST_TEMPLATES) {
    const times: number[] = [];
    let error = "";
    for (let run = 0; run < 3; run += 1) {
      const start = performance.now();
      const review = reviewTemplate(template, LEGACY_PHONE_DIALECT, {
        channels: ["sms", "voice"],
        requireCode: true,
      });
      times.push(performance.now() - start);
      error = review.errors[0] ?? "(accepted)";
    }
    rows.push(`| ${label} | ${template.length.toLocaleString("en")} | ${ms(median(times))} | ${error} |`);
  }
  return rows;
}

/** The median time the emulator takes to refuse `template`, and how long a GET sent meanwhile waits. */
async function underLoad(url: string, token: string, template: string): Promise<[number, number, number]> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const body = JSON.stringify({ type: "otp_verify", content: { body: { text: template } } });
  const refusals: number[] = [];
  const waits: number[] = [];
  let status = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const posted = performance.now();
    const refusal = fetch(url, { method: "POST", headers, body }).then(async (response) => {
      status = response.status;
      await response.arrayBuffer();
      refusals.push(performance.now() - posted);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    waits.push(performance.now() - asked);
    await refusal;
  }
  return [status, median(refusals), median(waits)];
}

async function emulatorTable(): Promise<string[]> {
  const emulator = await startEmulator({ rateLimit: false });
  const rows = [
    "| POSTed to /branding/phone/templates | answered | after (median of 5) | an unrelated GET sent 20 ms later waited |",
    "| --- | ---: | ---: | ---: |",
  ];
  try {
    const token = await emulator.issueToken();
    const url = `${emulator.url}${API_PREFIX}${phoneNotificationTemplateEndpoints.list.path}`;
    // The two the budget takes longest to stop: by allocations, and by steps.
    const cases = WORST_TEMPLATES.filter(([, , error]) =>
      /loops over 9,000,000|steps to render/.test(error.source),
    );
    for (const [label, template] of cases) {
      const [status, refused, waited] = await underLoad(url, token, template);
      rows.push(`| ${label} | ${status} | ${ms(refused)} | ${ms(waited)} |`);
    }
    return rows;
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const lines = [...reviewTable(), "", ...(await emulatorTable())];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`measure:limits: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
