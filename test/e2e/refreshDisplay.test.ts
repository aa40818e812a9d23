import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack } from "./support/tenantStack";

/** The refresh lines of the progress display (`refreshing (0s) …` while it runs, `refresh (1s) …` once done). */
function refreshLines(stdout: string): string[] {
  return stdout.split("\n").filter((line) => /tenant-admin:\w+ \S+ refresh(ing)? /.test(line));
}

/** The resources' lines that show a diff (`refreshing (0s) [diff: …]`, `updated (1s) [diff: …]`): drift. */
function refreshDiffs(stdout: string): string[] {
  return stdout.split("\n").filter((line) => /tenant-admin:\w+ \S+ .*\[diff:/.test(line));
}

/**
 * What `pulumi refresh` and `pulumi up --refresh` show of unchanged resources, with and without
 * `--run-program`: each resource's refresh line, and no `[diff: …]` on it. The engine shows the refresh of a
 * resource while it runs as the state's inputs against what the program declares (with `--run-program`), and
 * once done as the state's inputs against the refreshed ones.
 */
describeWithEngine("the refresh of unchanged resources, on the progress display", () => {
  describe("CaptchaConfig and PhoneNotificationTemplate", () => {
    let tenant: TenantStack;

    beforeAll(async () => {
      tenant = await createTenantStack();
      await tenant.configure({
        activeProviderId: { value: "hcaptcha" },
        hcaptchaSiteKey: { value: "refresh-site-key" },
        hcaptchaSecret: { value: "refresh-hcaptcha-secret", secret: true },
        notificationTemplates: {
          value: JSON.stringify([{ type: "otp_enroll", text: "{{ code }} enrolls you" }]),
        },
      });
      await tenant.harness.up();
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it.each([
      ["pulumi refresh --run-program", () => tenant.harness.stack.refresh({ runProgram: true })],
      ["pulumi refresh", () => tenant.harness.stack.refresh({})],
      [
        "pulumi up --refresh --run-program",
        () => tenant.harness.stack.up({ refresh: true, runProgram: true }),
      ],
    ])("shows no diff on %s", async (_command, run) => {
      const { stdout } = await run();
      expect(refreshLines(stdout).join("\n")).toMatch(/CaptchaConfig captcha refresh/);
      expect(refreshLines(stdout).join("\n")).toMatch(/PhoneNotificationTemplate phone-otp_enroll refresh/);
      expect(refreshDiffs(stdout)).toEqual([]);
    });

    it("still shows a change made on the tenant out of band", async () => {
      await tenant.data.patchCaptcha({
        hcaptcha: { site_key: "changed-in-the-dashboard", secret: "refresh-hcaptcha-secret" },
      });
      const { stdout } = await tenant.harness.stack.refresh({ runProgram: true });
      expect(refreshDiffs(stdout)).toEqual([
        expect.stringMatching(/CaptchaConfig captcha updated .*\[diff: ~hcaptcha\]/),
      ]);
    });
  });

  describe("PhoneTemplates, on a tenant of the legacy phone set-up", () => {
    let tenant: TenantStack;

    beforeAll(async () => {
      tenant = await createTenantStack({ phone: "legacy" });
      await tenant.configure({
        enrollmentMessage: { value: "{{code}} enrolls you" },
        verificationMessage: { value: "{{code}} verifies you" },
      });
      await tenant.harness.up();
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it("shows no diff on pulumi refresh --run-program", async () => {
      const { stdout } = await tenant.harness.stack.refresh({ runProgram: true });
      expect(refreshLines(stdout).join("\n")).toMatch(/PhoneTemplates templates refresh/);
      expect(refreshDiffs(stdout)).toEqual([]);
    });
  });
});
