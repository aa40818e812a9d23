/**
 * A new tenant's settings, as the recordings show the platform's own values. A settings member a GET shows and
 * a later PATCH answer leaves out, when no request of the cassette wrote it, was never set on that tenant (a
 * PATCH answer shows what is set, a GET adds what the platform gives an unset member): the GET's value is what
 * a new tenant shows. Where recordings disagree (recorded on different dates), the newest wins: the one whose
 * tenant was offered the newest sandbox version (`sandbox_versions_available`; the versions on offer only grow);
 * among those, the tenants that run that version, as a new tenant does (a tenant on an older version is offered
 * its own too: the deploy CLI's e2e tenant, on "12", is offered ["22", "18", "12"] where tenants on "22" are
 * offered ["22", "18"]).
 *
 * The other new-tenant defaults are judged by the replay itself (replay.test.ts), whose emulators start as new
 * tenants wherever the recording shows one: the default template list (go-auth0
 * TestBrandingManager_ReadPhoneNotificationTemplates@b89ad147602f #0, ListPhoneNotificationTemplate #1), the
 * default texts a reset puts back (ResetPhoneNotificationTemplate #1), and a never-configured CAPTCHA
 * (terraform-provider-auth0 TestAccAttackProtectionBotDetection@ef70fd8baad7 #5).
 */
import type { TenantEmulator } from "../../../src/emulator";
import { deepEqual, isPlainObject } from "./judge";
import type { Fixture } from "./recordings";
import { loadFixtures, pathsWrittenBy, targetOf } from "./recordings";
import { clientPublicKey, emulatedScopes } from "./replay";
import { startEmulator } from "../../../src/emulator";

/** One recording of an unset member's value. */
interface Shown {
  readonly member: string;
  readonly value: unknown;
  /** `<fixture> #<index>` of the GET. */
  readonly where: string;
  /** The newest sandbox version the tenant was offered then. */
  readonly platform: number;
  /** Whether the tenant ran that version (`sandbox_version`), as a new tenant does. */
  readonly newestRun: boolean;
}

function newestOffered(settings: Record<string, unknown>): number {
  const offered = settings["sandbox_versions_available"];
  return Array.isArray(offered) ? Math.max(...offered.map(Number).filter(Number.isFinite)) : 0;
}

function unsetMembersShown(fixture: Fixture): Shown[] {
  const shown: Shown[] = [];
  const written = new Set<string>();
  let lastRead: { index: number; body: Record<string, unknown> } | undefined;
  for (const interaction of fixture.interactions) {
    if (targetOf(interaction.path).kind !== "settings" || interaction.status !== 200) continue;
    for (const entry of pathsWrittenBy(interaction)) written.add(String(entry.path[0]));
    const body = interaction.responseBody;
    if (!isPlainObject(body)) continue;
    if (interaction.method === "GET" && !interaction.path.includes("?")) {
      lastRead = { index: interaction.index, body };
    } else if (interaction.method === "PATCH" && lastRead !== undefined) {
      for (const [member, value] of Object.entries(lastRead.body)) {
        if (written.has(member) || Object.prototype.hasOwnProperty.call(body, member)) continue;
        shown.push({
          member,
          value,
          where: `${fixture.name} #${lastRead.index}`,
          platform: newestOffered(lastRead.body),
          newestRun: Number(lastRead.body["sandbox_version"]) === newestOffered(lastRead.body),
        });
      }
    }
  }
  return shown;
}

/** Per member, the newest recordings of its unset value (of tenants running the newest version, if any). */
function newestShown(): Map<string, Shown[]> {
  const byMember = new Map<string, Shown[]>();
  for (const shown of loadFixtures().flatMap(unsetMembersShown)) {
    byMember.set(shown.member, [...(byMember.get(shown.member) ?? []), shown]);
  }
  for (const [member, all] of byMember) {
    const newest = Math.max(...all.map((shown) => shown.platform));
    const latest = all.filter((shown) => shown.platform === newest);
    const running = latest.filter((shown) => shown.newestRun);
    byMember.set(member, running.length > 0 ? running : latest);
  }
  return byMember;
}

const SHOWN = newestShown();

describe("a new tenant's settings, as recorded", () => {
  let emulator: TenantEmulator;
  let settings: Record<string, unknown>;
  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false, clientPublicKey: clientPublicKey() });
    const token = await emulator.issueToken({ scopes: await emulatedScopes() });
    const response = await fetch(`${emulator.url}/api/v2/tenants/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    settings = (await response.json()) as Record<string, unknown>;
  });
  afterAll(() => emulator.close());

  it("finds the members the recordings show unset", () => {
    expect([...SHOWN.keys()].sort()).toEqual([
      "client_id_metadata_document_supported",
      "resource_parameter_profile",
      "sandbox_versions_available",
    ]);
  });

  it.each([...SHOWN].map(([member, shown]) => [member, shown] as const))(
    "%s: the newest recordings agree, and a new tenant shows their value",
    (member, shown) => {
      const [first] = shown;
      const values = shown.map((item) => item.value);
      expect(values.every((value) => deepEqual(value, first?.value))).toBe(true);
      expect({ member, value: settings[member] }).toEqual({ member, value: first?.value });
    },
  );
});
