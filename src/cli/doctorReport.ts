import type { CheckStatus, DoctorReport } from "./doctorChecks";

/** How a status starts its line. */
const MARK: Readonly<Record<CheckStatus, string>> = {
  ok: "ok  ",
  warn: "warn",
  fail: "FAIL",
  skipped: "--  ",
};

/** The check names, padded to one column. */
const WIDTH = "credentials".length;

/**
 * The report as text: a heading, one line per check (`ok`, `warn`, `FAIL` or `--` for skipped), an indented
 * line per missing scope and per configured object, and the verdict.
 */
export function formatDoctorReport(report: DoctorReport): string {
  const lines = [`tenant-admin doctor: ${report.tenant ?? "no tenant"}`];
  for (const check of report.checks) {
    lines.push(`${MARK[check.status]}  ${check.name.padEnd(WIDTH)}  ${check.summary}`);
    for (const object of check.objects ?? []) lines.push(`      ${" ".repeat(WIDTH)}  - ${object.summary}`);
  }
  lines.push(
    report.ok
      ? "Every check the package needs holds."
      : "A check the package needs failed (FAIL above); see docs/doctor.md.",
  );
  return `${lines.join("\n")}\n`;
}
