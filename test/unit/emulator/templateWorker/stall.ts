/** A Liquid comment that makes the stalling worker (`stallingWorker.ts`) never finish the job. */
export const STALL = "{% comment %}stall{% endcomment %}";
