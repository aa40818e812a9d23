import { serialRoundTrips } from "../../../scripts/support/criticalPath";

const request = (path: string, time: number, durationMs: number, connection = 1) => ({
  method: "GET",
  path,
  time,
  durationMs,
  connection,
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
      request("/captcha", 100, 100),
      request("/other", 150, 10),
      request("/settings", 201, 100),
    ];
    expect(serialRoundTrips(log)).toEqual(["GET /token", "GET /captcha", "GET /settings"]);
  });

  it("chains no request of one process (connection) to another's: they run side by side", () => {
    const log = [
      request("/program-token", 0, 100, 1),
      request("/program-settings", 100, 100, 1),
      request("/provider-token", 200, 100, 2),
      request("/provider-captcha", 300, 100, 2),
      request("/provider-settings", 400, 100, 2),
    ];
    expect(serialRoundTrips(log)).toEqual([
      "GET /provider-token",
      "GET /provider-captcha",
      "GET /provider-settings",
    ]);
  });

  it("shows object ids as {id}", () => {
    expect(
      serialRoundTrips([request("/api/v2/branding/phone/templates/tem_KmuSItTnHboc3D1iR7fSEr", 0, 1)]),
    ).toEqual(["GET /api/v2/branding/phone/templates/{id}"]);
  });

  it("is empty without requests", () => {
    expect(serialRoundTrips([])).toEqual([]);
  });
});
