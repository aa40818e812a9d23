import { TOKEN_REFRESH_MARGIN_MS, TokenCache } from "../../../src/client/tokens";
import type { IssuedToken, TokenCacheKey } from "../../../src/client/tokens";

const KEY: TokenCacheKey = {
  baseUrl: "https://t.example.com",
  clientId: "id-1",
  audience: "https://t.example.com/api/v2/",
};

/** A token endpoint stand-in: counts calls, issues `token-<n>`, resolves when told to. */
function fakeEndpoint(expiresInSeconds = 86_400) {
  let calls = 0;
  const pending: { resolve: (token: IssuedToken) => void; reject: (error: Error) => void }[] = [];
  const fetchToken = jest.fn(
    () =>
      new Promise<IssuedToken>((resolve, reject) => {
        calls += 1;
        const accessToken = `token-${calls}`;
        pending.push({ resolve: () => resolve({ accessToken, expiresInSeconds }), reject });
      }),
  );
  return {
    fetchToken,
    resolveAll: () =>
      pending.splice(0).forEach((entry) => entry.resolve({ accessToken: "", expiresInSeconds })),
    rejectAll: (error: Error) => pending.splice(0).forEach((entry) => entry.reject(error)),
    get calls() {
      return calls;
    },
  };
}

async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe("TokenCache", () => {
  let now: number;
  let cache: TokenCache;
  beforeEach(() => {
    now = 1_700_000_000_000;
    cache = new TokenCache({ now: () => now });
  });

  it("shares one in-flight fetch between concurrent callers", async () => {
    const endpoint = fakeEndpoint();
    const callers = Array.from({ length: 10 }, () => cache.getToken(KEY, endpoint.fetchToken));
    await flush();
    endpoint.resolveAll();
    await expect(Promise.all(callers)).resolves.toEqual(Array(10).fill("token-1"));
    expect(endpoint.fetchToken).toHaveBeenCalledTimes(1);
  });

  it("serves the cached token until 10 s before it expires, then fetches a new one", async () => {
    const endpoint = fakeEndpoint(3600);
    const first = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    expect(await first).toBe("token-1");

    now += 3600 * 1000 - TOKEN_REFRESH_MARGIN_MS - 1;
    expect(await cache.getToken(KEY, endpoint.fetchToken)).toBe("token-1");
    expect(endpoint.calls).toBe(1);

    now += 1;
    const refreshed = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    expect(await refreshed).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("does not cache a failed fetch: every waiter gets the error and the next caller fetches again", async () => {
    const endpoint = fakeEndpoint();
    const callers = [cache.getToken(KEY, endpoint.fetchToken), cache.getToken(KEY, endpoint.fetchToken)];
    await flush();
    endpoint.rejectAll(new Error("token endpoint down"));
    for (const caller of callers) await expect(caller).rejects.toThrow("token endpoint down");

    const retry = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    expect(await retry).toBe("token-2");
  });

  it("turns a synchronous throw of the fetch function into a rejection and does not cache it", async () => {
    await expect(
      cache.getToken(KEY, () => {
        throw new Error("sync failure");
      }),
    ).rejects.toThrow("sync failure");
    const endpoint = fakeEndpoint();
    const next = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    expect(await next).toBe("token-1");
  });

  it("keeps separate tokens per base URL, client id and audience", async () => {
    const endpoint = fakeEndpoint();
    const keys: TokenCacheKey[] = [
      KEY,
      { ...KEY, baseUrl: "https://other.example.com" },
      { ...KEY, clientId: "id-2" },
      { ...KEY, audience: "https://t.example.com/custom/" },
    ];
    const tokens = keys.map((key) => cache.getToken(key, endpoint.fetchToken));
    await flush();
    endpoint.resolveAll();
    expect(new Set(await Promise.all(tokens)).size).toBe(4);
    expect(endpoint.calls).toBe(4);
  });

  it("drops a rejected token so the next caller fetches a fresh one", async () => {
    const endpoint = fakeEndpoint();
    const first = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    cache.invalidate(KEY, await first);
    const second = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    expect(await second).toBe("token-2");
  });

  it("keeps a fresh token when a late 401 reports an older one", async () => {
    const endpoint = fakeEndpoint();
    const first = cache.getToken(KEY, endpoint.fetchToken);
    await flush();
    endpoint.resolveAll();
    await first;
    cache.invalidate(KEY, "some-older-token");
    expect(await cache.getToken(KEY, endpoint.fetchToken)).toBe("token-1");
    expect(endpoint.calls).toBe(1);
  });

  it("does not reveal tokens when serialized", async () => {
    await cache.getToken(KEY, () =>
      Promise.resolve({ accessToken: "secret-token-xyz", expiresInSeconds: 60 }),
    );
    expect(JSON.stringify(cache)).not.toContain("secret-token-xyz");
  });
});
