import * as path from "node:path";

import { reviewTemplate } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import {
  TemplateReviewWorker,
  reviewTemplatesInWorker,
  workerScript,
} from "../../../src/emulator/templateWorker";
import type { TemplateReviewJob } from "../../../src/emulator/templateWorker";
import { STALL } from "./templateWorker/stall";

// The worker runs these TypeScript sources under ts-node: starting it takes seconds on a busy machine.
jest.setTimeout(120_000);

const LEGACY = { channels: ["sms", "voice"], requireCode: true, subject: "enrollmentMessage" } as const;
/** A billion iterations over one array: only the render step limit stops it. */
const WORST =
  "{{code}}{% assign a = (1..1000) %}{% for x in a %}{% for y in a %}{% for z in a %}{% endfor %}{% endfor %}{% endfor %}";

const job = (template: string): TemplateReviewJob => ({
  template,
  dialect: LEGACY_PHONE_DIALECT,
  options: LEGACY,
});

/** A job the stalling worker never finishes. */
const stalled = job(`{{code}}${STALL}`);

/** Long enough that only a test's own act (close, a short timeout) ends a stalled job. */
const NEVER_MS = 3_600_000;

const STOPPED = "takes too long to render (the check was stopped after 0.1 s)";

/** Resolves once the event loop has run timers and I/O callbacks `turns` times. */
async function eventLoopTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe("TemplateReviewWorker", () => {
  const worker = new TemplateReviewWorker();
  beforeAll(async () => {
    await worker.review([job("{{code}}")]);
  });
  afterAll(() => worker.close());

  it("reviews as reviewTemplate does, job by job, for either dialect", async () => {
    const jobs: TemplateReviewJob[] = [
      job("{{code}} for {{tenant.friendly_name}}"),
      job('{% if message_type == "voice" %}Hello{% else %}{{code}}{% endif %}'),
      job("{{code}} {{tenant.name}}"),
      job("{{code}}\n{% unless %}"),
      {
        template: "{{ code }} for {{ friendly_name }}",
        dialect: BRANDING_PHONE_DIALECT,
        options: { channels: ["voice"], requireCode: true },
      },
    ];
    const expected = jobs.map(({ template, dialect, options }) => reviewTemplate(template, dialect, options));
    expect(await worker.review(jobs)).toEqual(expected);
  });

  it("refuses the worst template by its render step limit", async () => {
    expect(await worker.review([job(WORST)])).toEqual([
      {
        errors: [
          "takes more than 500,000 steps to render (tags and outputs), the limit for all its sample renderings together (3 nested loops at line 1, column 35)",
        ],
        warnings: [],
      },
    ]);
  });
});

describe("TemplateReviewWorker with a job that never ends", () => {
  const worker = new TemplateReviewWorker({
    ...workerScript(),
    filename: path.join(__dirname, "templateWorker", "stallingWorker.ts"),
  });
  afterAll(() => worker.close());

  it("keeps this thread's event loop running while the worker is busy, until the worker is stopped", async () => {
    let settled = false;
    const review = worker.review([stalled], { timeoutMs: NEVER_MS }).finally(() => (settled = true));

    await eventLoopTurns(20);
    expect(settled).toBe(false);
    await worker.close();

    expect(await review).toEqual([
      {
        errors: [
          expect.stringMatching(
            /^could not be checked: the template worker stopped \(it exited with code \d+\)$/,
          ),
        ],
        warnings: [],
      },
    ]);
  });

  it("stops a job past its timeout, refuses it, and reviews the next in a new worker", async () => {
    expect(await worker.review([stalled], { timeoutMs: 100 })).toEqual([{ errors: [STOPPED], warnings: [] }]);
    expect(await worker.review([job("{{code}}")])).toEqual([{ errors: [], warnings: [] }]);
  });

  it("keeps jobs queued behind a stopped one", async () => {
    // The queued job has the default timeout: a new worker on a busy machine may take longer than 0.1 s.
    const reviews = await Promise.all([
      worker.review([stalled], { timeoutMs: 100 }),
      worker.review([job("Hello")]),
    ]);
    expect(reviews.flat().map((review) => review.errors[0])).toEqual([
      STOPPED,
      "must output {{code}}, the verification code, on every path; the sms and voice messages do not",
    ]);
  });
});

describe("reviewTemplatesInWorker", () => {
  it("reviews in the process's shared worker", async () => {
    expect(await reviewTemplatesInWorker([job("{{code}}"), job("Hi")])).toEqual([
      { errors: [], warnings: [] },
      {
        errors: [
          "must output {{code}}, the verification code, on every path; the sms and voice messages do not",
        ],
        warnings: [],
      },
    ]);
  });
});

describe("workerScript", () => {
  it("starts the built worker beside the built module, as it is", () => {
    expect(workerScript("/pkg/dist/emulator/templateWorker.js")).toEqual({
      filename: "/pkg/dist/emulator/templateWorkerThread.js",
    });
  });

  it("starts the TypeScript worker under ts-node", () => {
    expect(workerScript("/repo/src/emulator/templateWorker.ts")).toEqual({
      filename: "/repo/src/emulator/templateWorkerThread.ts",
      execArgv: ["-r", require.resolve("ts-node/register/transpile-only")],
    });
  });
});
