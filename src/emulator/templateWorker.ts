import * as path from "node:path";
import { Worker } from "node:worker_threads";

import type { TemplateReview, TemplateReviewJob } from "../templates";
import { RENDER_TIME_LIMIT_MS } from "../templates";
import type { RuleHost } from "../wire/emulation";

export type { TemplateReviewJob } from "../templates";

/** What the main thread posts to the worker. */
export interface ReviewRequest {
  id: number;
  job: TemplateReviewJob;
}

/** What the worker posts back: that it is ready, or a job's review. */
export type WorkerMessage = { ready: true } | { id: number; review: TemplateReview };

/** Options of {@link TemplateReviewWorker.review}. */
interface WorkerReviewOptions {
  /** How long one job may take in the worker before the worker is stopped, in ms; default {@link WORKER_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
}

/**
 * How long one job may run in the worker, in ms. The review stops itself at its render limits (steps, and
 * {@link RENDER_TIME_LIMIT_MS} of time); this backstop is three times the time limit, so a loaded machine
 * that finishes late is not taken for a hostile template, while a step liquidjs cannot interrupt (one filter
 * on a huge value) still ends.
 */
const WORKER_TIMEOUT_MS = 3 * RENDER_TIME_LIMIT_MS;

/**
 * The worker's heap, in MB: liquidjs and the review need a few MB; TypeScript sources (under ts-node) need
 * more. The template limits keep a review far below it, so reaching it means a template found a way around
 * them, and only the worker dies.
 */
const WORKER_HEAP_MB = 256;

interface Pending {
  job: TemplateReviewJob;
  timeoutMs: number;
  resolve: (review: TemplateReview) => void;
  reject: (error: Error) => void;
}

function refusal(reason: string): TemplateReview {
  return { errors: [reason], warnings: [] };
}

/**
 * The worker's script beside this module (`templateWorkerThread.js` in the build, `templateWorkerThread.ts`
 * in the sources),
 * and for TypeScript sources the loader they need (tests run them).
 */
export function workerScript(moduleFile = __filename): WorkerScript {
  const extension = path.extname(moduleFile);
  const filename = path.join(path.dirname(moduleFile), `templateWorkerThread${extension}`);
  if (extension !== ".ts") return { filename };
  return { filename, execArgv: ["-r", require.resolve("ts-node/register/transpile-only")] };
}

/** The script a {@link TemplateReviewWorker} starts, as {@link workerScript} gives it. */
interface WorkerScript {
  filename: string;
  execArgv?: string[];
}

/** The job a worker is running, and how to settle it. */
interface Running {
  id: number;
  worker: Worker;
  settle: (review: TemplateReview) => void;
}

/**
 * Reviews templates in a worker thread, one job at a time, so a server keeps answering while the worst
 * template is checked. A job that runs past its timeout has the worker terminated (the next job starts a
 * new one) and is refused: `takes too long to render …`. The worker does not keep the process alive while
 * idle.
 */
export class TemplateReviewWorker {
  #worker: Promise<Worker> | undefined;
  #running: Running | undefined;
  #queue: Pending[] = [];
  #draining = false;
  #nextId = 1;

  /** @param script the worker's script; default the review worker beside this module ({@link workerScript}) */
  constructor(private readonly script: WorkerScript = workerScript()) {}

  /** Reviews each job as {@link reviewTemplate} does, in order; resolves with their reviews. */
  review(jobs: readonly TemplateReviewJob[], options: WorkerReviewOptions = {}): Promise<TemplateReview[]> {
    const timeoutMs = options.timeoutMs ?? WORKER_TIMEOUT_MS;
    const reviews = jobs.map(
      (job) =>
        new Promise<TemplateReview>((resolve, reject) => {
          this.#queue.push({ job, timeoutMs, resolve, reject });
        }),
    );
    void this.#drain();
    return Promise.all(reviews);
  }

  /** Stops the worker; a later review starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }

  #start(): Promise<Worker> {
    const { filename, execArgv } = this.script;
    const worker = new Worker(filename, {
      ...(execArgv === undefined ? {} : { execArgv }),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    return new Promise<Worker>((resolve, reject) => {
      let ready = false;
      const failed = (reason: string) => {
        if (!ready) reject(new Error(`The template worker did not start: ${reason}`));
        else this.#lost(worker, reason);
      };
      worker.on("error", (error: Error & { code?: string }) => {
        failed(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "out of memory" : error.message);
      });
      worker.on("exit", (code) => failed(`it exited with code ${code}`));
      worker.on("message", (message: WorkerMessage) => {
        if ("ready" in message) {
          ready = true;
          resolve(worker);
        } else if (message.id === this.#running?.id) {
          this.#running.settle(message.review);
        }
      });
    });
  }

  /** The worker died or was stopped: forget it, and refuse the job it was running. */
  #lost(worker: Worker, reason: string): void {
    void this.#worker?.then((current) => {
      if (current === worker) this.#worker = undefined;
    });
    const refused =
      reason === "out of memory"
        ? "takes too much memory to render"
        : `could not be checked: the template worker stopped (${reason})`;
    if (this.#running?.worker === worker) this.#running.settle(refusal(refused));
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    for (let pending = this.#queue.shift(); pending !== undefined; pending = this.#queue.shift()) {
      try {
        const worker = await (this.#worker ??= this.#start());
        pending.resolve(await this.#run(worker, pending));
      } catch (error) {
        this.#worker = undefined;
        pending.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.#draining = false;
    (await this.#worker?.catch(() => undefined))?.unref();
  }

  /** One job in the worker: its review, or a refusal when it ran too long (the worker is then stopped). */
  #run(worker: Worker, { job, timeoutMs }: Pending): Promise<TemplateReview> {
    const id = this.#nextId++;
    worker.ref();
    return new Promise<TemplateReview>((resolve) => {
      const timer = setTimeout(() => {
        this.#worker = undefined;
        settle(refusal(`takes too long to render (the check was stopped after ${timeoutMs / 1000} s)`));
        void worker.terminate();
      }, timeoutMs);
      const settle = (review: TemplateReview) => {
        clearTimeout(timer);
        this.#running = undefined;
        resolve(review);
      };
      this.#running = { id, worker, settle };
      worker.postMessage({ id, job } satisfies ReviewRequest);
    });
  }
}

let shared: TemplateReviewWorker | undefined;

/**
 * Reviews templates in the process's shared {@link TemplateReviewWorker} (started at the first call), off
 * the event loop: what an emulator request handler awaits.
 */
export function reviewTemplatesInWorker(
  jobs: readonly TemplateReviewJob[],
  options: WorkerReviewOptions = {},
): Promise<TemplateReview[]> {
  return (shared ??= new TemplateReviewWorker()).review(jobs, options);
}

/** What the emulator does for its objects' rules off the event loop: each request's `host`. */
export const RULE_HOST: RuleHost = { reviewTemplates: (jobs) => reviewTemplatesInWorker(jobs) };
