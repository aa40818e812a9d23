import { isIP } from "node:net";

import { API_PREFIX } from "../wire/endpoint";
import { TenantConfigError } from "./errors";

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
function isLoopback(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "[::1]") return true;
  return isIP(hostname) === 4 && hostname.startsWith("127.");
}

function isValidHostname(hostname: string): boolean {
  if (hostname.startsWith("[") && hostname.endsWith("]")) return true; // IPv6, validated by the URL parser
  if (hostname.length > 253) return false;
  return hostname.split(".").every((label) => HOST_LABEL.test(label));
}

/**
 * Turns a `domain` setting into a base URL `scheme://host[:port]`. Never echoes a URL that carries
 * credentials.
 */
export function normalizeDomain(raw: string, source: string): string {
  const refuse = (why: string): never => {
    throw new TenantConfigError(
      `${source.charAt(0).toUpperCase()}${source.slice(1)} is not a usable tenant domain: ${why}. Use a host name such as ` +
        "my-tenant.eu.example.com or a URL such as https://my-tenant.eu.example.com.",
    );
  };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(raw)) refuse("it has a scheme but no //");
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `https://${raw}`);
  } catch {
    return refuse(
      raw.includes("@")
        ? "it cannot be parsed"
        : `${JSON.stringify(raw)} cannot be parsed as a host name or URL`,
    );
  }
  if (url.username !== "" || url.password !== "") refuse("it must not contain credentials (user:password@)");
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    refuse(`the scheme ${url.protocol}// is not supported; use https://`);
  }
  if (url.search !== "" || url.hash !== "" || raw.includes("?") || raw.includes("#")) {
    refuse("it must not have a query string or fragment");
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (path !== "" && path !== API_PREFIX)
    refuse(`the path ${url.pathname} is not allowed (only ${API_PREFIX} is)`);
  if (!isValidHostname(url.hostname)) refuse(`${JSON.stringify(url.hostname)} is not a valid host name`);
  if (url.protocol === "http:" && !isLoopback(url.hostname)) {
    refuse(
      `http:// is only allowed for loopback addresses (localhost, 127.0.0.0/8, [::1]); ` +
        `use https://${url.host} for ${url.hostname}`,
    );
  }
  return `${url.protocol}//${url.host}`;
}
