import { expectNoSecrets } from "../../support/secrets";

// The leak checks of the e2e tier are only as good as this helper: it must fire.
describe("expectNoSecrets", () => {
  const secrets = { clientSecret: "client-secret-8c1f0e2a" };

  it("passes a text without any secret", () => {
    expect(() =>
      expectNoSecrets("PATCH /attack-protection/captcha failed: 500", secrets, "an error"),
    ).not.toThrow();
  });

  it.each([
    ["as is", "token request with client-secret-8c1f0e2a in it"],
    ["base64-encoded", `Authorization: Basic ${Buffer.from("client-secret-8c1f0e2a").toString("base64")}`],
  ])("finds a secret %s and names the place and the secret's label", (_case, text) => {
    expect(() => expectNoSecrets(text, secrets, "the engine's output")).toThrow(
      /^the engine's output contains the secret clientSecret: /,
    );
  });

  it("finds anything shaped like an access token", () => {
    const jwt = `${Buffer.from('{"alg":"RS256"}').toString("base64url")}.${Buffer.from('{"sub":"x"}').toString("base64url")}.c2ln`;
    expect(() => expectNoSecrets(`Bearer ${jwt}`, {}, "log lines")).toThrow(/contains an access token/);
  });

  it("refuses a secret too short to search for", () => {
    expect(() => expectNoSecrets("text", { pin: "1234" }, "state")).toThrow(/too short/);
  });
});
