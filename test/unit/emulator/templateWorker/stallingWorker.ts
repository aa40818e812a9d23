/**
 * The template review worker, except that a job whose template contains {@link STALL} never ends: a job that
 * only its timeout stops, however fast or busy the machine is.
 */
import { parentPort } from "node:worker_threads";

import { STALL } from "./stall";
import type { ReviewRequest } from "../../../../src/emulator/templateWorker";

// Registered before the real worker's listener, which never sees a stalled job.
parentPort?.on("message", (request: ReviewRequest) => {
  if (!request.job.template.includes(STALL)) return;
  for (;;) {
    // Busy, as a rendering liquidjs cannot interrupt would be.
  }
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the listener above, not hoisted
require("../../../../src/emulator/templateWorkerThread");
