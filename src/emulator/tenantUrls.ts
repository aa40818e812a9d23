import { API_PREFIX } from "../wire/endpoint";

const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/** The base URL (no trailing slash) in its two spellings when its port is the scheme's default: without and with it. */
function spellings(base: string): string[] {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return [];
  }
  const canonical = `${url.protocol}//${url.host}`;
  if (url.port !== "") return [canonical];
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  return [canonical, `${url.protocol}//${url.hostname}:${defaultPort}`];
}

/**
 * The URLs a request may address the tenant by. The emulator's own URL, and the one the request's `Host` header
 * names, as the official SDKs derive everything from the domain they connect to (`https://<domain>/api/v2/`),
 * each with and without the port when it is the scheme's default.
 */
export class TenantUrls {
  constructor(
    /** The emulator's own base URL, e.g. `https://127.0.0.1:8443`. */
    readonly url: string,
  ) {}

  private get scheme(): string {
    return this.url.slice(0, this.url.indexOf(":"));
  }

  /** The base URLs for a request with this `Host` header (an invalid or absent one adds none). */
  bases(hostHeader: string | undefined): string[] {
    const bases = new Set(spellings(this.url));
    if (hostHeader !== undefined && HOST_HEADER.test(hostHeader)) {
      for (const base of spellings(`${this.scheme}://${hostHeader.toLowerCase()}`)) bases.add(base);
    }
    return [...bases];
  }

  /** The management API audiences for a request: `<base>/api/v2/`. */
  audiences(hostHeader: string | undefined): string[] {
    return this.bases(hostHeader).map((base) => `${base}${API_PREFIX}/`);
  }
}
