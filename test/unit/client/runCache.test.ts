import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { RUN_CACHE_TTL_MS, RunCache } from "../../../src/client/runCache";

describe("the read cache of one pulumi command", () => {
  let root: string;
  let dir: string;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "run-cache-test-"));
    dir = join(root, "cache");
    now = 1_000_000;
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("serves a read to another process of the same command, within the time limit", async () => {
    await new RunCache("123:456", dir, clock).set("tenant\n/path", '{"a":1}');

    expect(await new RunCache("123:456", dir, clock).get("tenant\n/path")).toBe('{"a":1}');
    now += RUN_CACHE_TTL_MS + 1;
    expect(await new RunCache("123:456", dir, clock).get("tenant\n/path")).toBeUndefined();
  });

  it.each([
    ["another command", "999:456", "tenant\n/path"],
    ["the same pid started at another time (a reused pid)", "123:789", "tenant\n/path"],
    ["another tenant or credentials", "123:456", "other-tenant\n/path"],
  ])("does not serve %s", async (_name, run, key) => {
    await new RunCache("123:456", dir, clock).set("tenant\n/path", '{"a":1}');

    expect(await new RunCache(run, dir, clock).get(key)).toBeUndefined();
  });

  it("drops an entry after a write to its path", async () => {
    const cache = new RunCache("123:456", dir, clock);
    await cache.set("tenant\n/path", '{"a":1}');
    await cache.drop("tenant\n/path");

    expect(await cache.get("tenant\n/path")).toBeUndefined();
  });

  it("keeps entries private to the user: directory 0700, files 0600, names that reveal nothing", async () => {
    await new RunCache("123:456", dir, clock).set("https://tenant.example.com\n/path", "{}");

    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    expect((await stat(join(dir, files[0]!))).mode & 0o777).toBe(0o600);
  });
});
