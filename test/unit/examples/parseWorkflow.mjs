// Parses a GitHub Actions workflow with GitHub's own parser (@actions/workflow-parser, an ES module, so it runs
// in its own Node process) and prints {errors, jobs} as JSON: the schema errors, and each job's id.
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";

// The parser imports its schema JSON without `with { type: "json" }` (it is written for bundlers).
registerHooks({
  load(url, context, nextLoad) {
    if (!url.endsWith(".json")) return nextLoad(url, context);
    return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: "json" } });
  },
});
const { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } =
  await import("@actions/workflow-parser");

const file = process.argv[2];
const parsed = parseWorkflow(
  { name: file, content: readFileSync(file, "utf8") },
  new NoOperationTraceWriter(),
);
const errors = parsed.context.errors.getErrors().map((error) => error.message);
let jobs = [];
if (parsed.value !== undefined) {
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  errors.push(...(template.errors ?? []).map((error) => error.Message ?? String(error)));
  jobs = (template.jobs ?? []).map((job) => job.id.value);
}
process.stdout.write(JSON.stringify({ errors, jobs }));
