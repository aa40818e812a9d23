import { TemplateReviewWorker, reviewTemplate, reviewTemplatesInWorker } from "../../../src/templates";
import { LEGACY_PHONE_DIALECT } from "../../../src/resources/phoneTemplates/dialect";
import { BRANDING_PHONE_DIALECT } from "../../../src/resources/phoneNotificationTemplate/dialect";
import type { TemplateReviewJob } from "../../../src/templates";
import { workerScript } from "../../../src/templates/offThread";

// The worker runs these TypeScript sources under ts-node: starting it takes a second or two.
jest.setTimeout(60_000);

const LEGACY = { channels: ["sms", "voice"], requireCode: true, subject: "enrollmentMessage" } as const;
/** A billion iterations over one array: only the render time limit (1 s) stops it. */
const WORST =
  "{{code}}{% assign a = (1..1000) %}{% for x in a %}{% for y in a %}{% for z in a %}{% endfor %}{% endfor %}{% endfor %}";

const job = (template: string): TemplateReviewJob => ({
  template,
  dialect: LEGACY_PHONE_DIALECT,
  options: LEGACY,
});

/** The longest wait between ticks of a 10 ms interval while `work` runs. */
async function longestTickGap<T>(work: () => Promise<T>): Promise<{ result: T; gap: number; ticks: number }> {
  let [last, gap, ticks] = [performance.now(), 0, 0];
  const interval = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    ticks += 1;
  }, 10);
  try {
    const result = await work();
    gap = Math.max(gap, performance.now() - last);
    return { result, gap, ticks };
  } finally {
    clearInterval(interval);
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

  it("keeps the event loop answering within 100 ms while the worst template is reviewed", async () => {
    const { result, gap, ticks } = await longestTickGap(() => worker.review([job(WORST)]));
    expect(result).toEqual([
      {
        errors: [
          expect.stringMatching(
            /^takes longer than 1 s to render, the limit for all its sample renderings together/,
          ),
        ],
        warnings: [],
      },
    ]);
    expect(gap).toBeLessThan(100);
    expect(ticks).toBeGreaterThan(20);
  });

  it("stops a job past its timeout, refuses it, and reviews the next in a new worker", async () => {
    const start = performance.now();
    const [stopped] = await worker.review([job(WORST)], { timeoutMs: 100 });
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(stopped).toEqual({
      errors: ["takes too long to render (the check was stopped after 0.1 s)"],
      warnings: [],
    });
    expect(await worker.review([job("{{code}}")])).toEqual([{ errors: [], warnings: [] }]);
  });

  it("keeps jobs queued behind a stopped one", async () => {
    const reviews = await worker.review([job(WORST), job("Hello")], { timeoutMs: 100 });
    expect(reviews.map((review) => review.errors[0])).toEqual([
      "takes too long to render (the check was stopped after 0.1 s)",
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
    expect(workerScript("/pkg/dist/templates/offThread.js")).toEqual({
      filename: "/pkg/dist/templates/reviewWorker.js",
    });
  });

  it("starts the TypeScript worker under ts-node", () => {
    expect(workerScript("/repo/src/templates/offThread.ts")).toEqual({
      filename: "/repo/src/templates/reviewWorker.ts",
      execArgv: ["-r", require.resolve("ts-node/register/transpile-only")],
    });
  });
});
