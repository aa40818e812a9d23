import { serialRoundTrips } from "../../../scripts/support/criticalPath";

const request = (path: string, time: number, durationMs: number) => ({
  method: "GET",
  path,
  time,
  durationMs,
});

describe("serialRoundTrips", () => {
  it("counts requests sent in parallel as one round trip", () => {
    expect(serialRoundTrips([request("/a", 0, 100), request("/b", 5, 100), request("/c", 10, 100)])).toEqual([
      "GET /a",
    ]);
  });

  it("follows the longest chain of requests each sent after the one before was answered", () => {
    const log = [
      request("/token", 0, 100.4),
      request("/program-token", 20, 100),
      request("/captcha", 100, 100),
      request("/program-settings", 121, 100),
      request("/settings", 201, 100),
    ];
    expect(serialRoundTrips(log)).toEqual(["GET /token", "GET /captcha", "GET /settings"]);
  });

  it("is empty without requests", () => {
    expect(serialRoundTrips([])).toEqual([]);
  });
});
