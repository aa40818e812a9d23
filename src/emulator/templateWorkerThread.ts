/**
 * The worker thread of {@link TemplateReviewWorker}: reviews the jobs it is posted, one at a time. It loads
 * liquidjs before it reports ready, so a job's time limit measures the review alone.
 */
import { parentPort } from "node:worker_threads";

import { reviewTemplate } from "../templates";
import type { TemplateReview } from "../templates";
import { liquidjs } from "../templates/liquid";
import type { ReviewRequest, WorkerMessage } from "./templateWorker";

function review(request: ReviewRequest): TemplateReview {
  const { template, dialect, options } = request.job;
  try {
    return reviewTemplate(template, dialect, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { errors: [`could not be checked: ${reason.replace(/\s+/g, " ").trim()}`], warnings: [] };
  }
}

const port = parentPort;
if (port !== null) {
  liquidjs();
  port.on("message", (request: ReviewRequest) => {
    port.postMessage({ id: request.id, review: review(request) } satisfies WorkerMessage);
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}
