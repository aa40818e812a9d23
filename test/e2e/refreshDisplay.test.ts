import { changedCount } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import { NOTIFICATION_TEMPLATES_PATH, apiRequest } from "./support/tenantData";
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

  describe("settings the tenant keeps after the program stops declaring them", () => {
    let tenant: TenantStack;
    const sender = "+15550100";
    const enrollment = (from?: string) => ({
      notificationTemplates: {
        value: JSON.stringify([
          { type: "otp_enroll", text: "{{ code }} enrolls you", ...(from === undefined ? {} : { from }) },
        ]),
      },
    });
    const keptWarnings = [
      /CaptchaConfig on \S+: hcaptcha is no longer declared, but the API cannot remove a provider's settings/,
      /PhoneNotificationTemplate otp_enroll on \S+: content\.from is no longer declared, but the API cannot clear/,
    ];

    // A CaptchaConfig with an inactive hcaptcha block and a template with a sender number; then a program that
    // declares neither: the API can remove neither, so the tenant keeps both.
    beforeAll(async () => {
      tenant = await createTenantStack();
      await tenant.configure({
        activeProviderId: { value: "auth_challenge" },
        authChallengeFailOpen: { value: "false" },
        hcaptchaSiteKey: { value: "kept-site-key" },
        hcaptchaSecret: { value: "kept-hcaptcha-secret", secret: true },
        ...enrollment(sender),
      });
      await tenant.harness.up();
      await tenant.unconfigure("hcaptchaSiteKey", "hcaptchaSecret");
      await tenant.configure(enrollment());
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it("is no change at the preview that drops them, which warns that the tenant keeps each", async () => {
      const { changes, stdout, stderr } = await tenant.harness.preview();
      expect(changedCount(changes)).toBe(0);
      expect(refreshDiffs(stdout)).toEqual([]);
      for (const warning of keptWarnings) expect(stderr).toMatch(warning);
    });

    it("is no change at up either, and the tenant keeps both", async () => {
      const { stdout } = await tenant.harness.stack.up({});
      expect(refreshDiffs(stdout)).toEqual([]);
      expect(tenant.data.captcha()?.hcaptcha?.site_key).toBe("kept-site-key");
      expect(tenant.data.notificationTemplate("otp_enroll")?.content.from).toBe(sender);
    });

    it.each([
      ["pulumi refresh --run-program", () => tenant.harness.stack.refresh({ runProgram: true })],
      ["pulumi refresh", () => tenant.harness.stack.refresh({})],
      [
        "pulumi up --refresh --run-program",
        () => tenant.harness.stack.up({ refresh: true, runProgram: true }),
      ],
      [
        "pulumi preview --refresh --run-program",
        () => tenant.harness.stack.preview({ refresh: true, runProgram: true }),
      ],
      ["pulumi preview --refresh", () => tenant.harness.stack.preview({ refresh: true })],
    ])("then shows no diff on %s, and no warning", async (_command, run) => {
      const { stdout, stderr } = await run();
      expect(refreshLines(stdout).join("\n")).toMatch(/CaptchaConfig captcha refresh/);
      expect(refreshLines(stdout).join("\n")).toMatch(/PhoneNotificationTemplate phone-otp_enroll refresh/);
      expect(refreshDiffs(stdout)).toEqual([]);
      for (const warning of keptWarnings) expect(`${stdout}\n${stderr}`).not.toMatch(warning);
    });

    it("still shows a change of a declared setting made on the tenant out of band", async () => {
      const id = tenant.data.notificationTemplate("otp_enroll")?.id ?? "";
      const patched = await apiRequest(tenant.emulator, "PATCH", `${NOTIFICATION_TEMPLATES_PATH}/${id}`, {
        content: { body: { text: "{{ code }} changed in the dashboard" } },
      });
      expect(patched.status).toBe(200);
      const { stdout } = await tenant.harness.stack.refresh({ runProgram: true });
      expect(refreshDiffs(stdout)).toEqual([
        expect.stringMatching(/PhoneNotificationTemplate phone-otp_enroll updated .*\[diff: ~content\]/),
      ]);
    });
  });

  describe("a provider block dropped by the up that also changes the active provider", () => {
    let tenant: TenantStack;

    beforeAll(async () => {
      tenant = await createTenantStack();
      await tenant.configure({
        activeProviderId: { value: "hcaptcha" },
        hcaptchaSiteKey: { value: "switched-site-key" },
        hcaptchaSecret: { value: "switched-hcaptcha-secret", secret: true },
      });
      await tenant.harness.up();
      await tenant.configure({ activeProviderId: { value: "auth_challenge" } });
      await tenant.unconfigure("hcaptchaSiteKey", "hcaptchaSecret");
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it("is an update that shows the change and no removal", async () => {
      const { stdout } = await tenant.harness.stack.up({});
      expect(refreshDiffs(stdout)).toEqual([
        expect.stringMatching(/CaptchaConfig captcha updating .*\[diff: ~activeProviderId\]$/),
        expect.stringMatching(/CaptchaConfig captcha updated .*\[diff: ~activeProviderId\]$/),
      ]);
      expect(tenant.data.captcha()?.hcaptcha?.site_key).toBe("switched-site-key");
    });

    // That update stores the block in the inputs (the engine shows an update as stored inputs against new
    // ones); the next up, which has nothing to write, stores the program's.
    it("shows the block under refresh --run-program until the next up, then no diff", async () => {
      const before = await tenant.harness.stack.refresh({ runProgram: true });
      expect(refreshDiffs(before.stdout)).toEqual([
        expect.stringMatching(/CaptchaConfig captcha refreshing .*\[diff: -hcaptcha\]$/),
      ]);
      const up = await tenant.harness.stack.up({});
      expect(refreshDiffs(up.stdout)).toEqual([]);
      const after = await tenant.harness.stack.refresh({ runProgram: true });
      expect(refreshDiffs(after.stdout)).toEqual([]);
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
