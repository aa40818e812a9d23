import axios from "axios";

import { TransportFailure } from "./errors";
import { redactSecrets } from "./redact";
import { formatSeconds } from "./settings";

const UNTRUSTED_ISSUER_CODES: ReadonlySet<string> = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);

/** How to trust a tenant-emulator's certificate: its caFile, in a bundle, for node only. */
const TRUST_EMULATOR_CA =
  "for a tenant-emulator, append its caFile to a CA bundle that also holds the system CAs " +
  "(cat <system CA file> <caFile> > tenant-ca.pem) and start node with NODE_EXTRA_CA_CERTS=tenant-ca.pem";

/** The reason of a TLS certificate failure, with its fix; `undefined` for other codes. */
function untrustedCertificate(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const untrusted = "the server's TLS certificate is not trusted";
  if (UNTRUSTED_ISSUER_CODES.has(code)) return `${untrusted} (${code}); ${TRUST_EMULATOR_CA}`;
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") {
    return (
      `${untrusted}: it is outside its validity period (${code}); a tenant-emulator makes a new certificate ` +
      `each time it starts: restart it, then ${TRUST_EMULATOR_CA.replace("for a tenant-emulator, ", "")}`
    );
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    return (
      `${untrusted}: it does not cover this host name (${code}); connect by a name it covers (a ` +
      "tenant-emulator's: localhost, 127.0.0.1, ::1, its host and each --tls-san name)"
    );
  }
  return undefined;
}

interface FailureDescription {
  reason: string;
  code: string | undefined;
  retryable: boolean;
  summary: TransportFailure;
}

/** What a transport failure means, from its code; keeps nothing of the original error but code and message. */
export function describeFailure(
  error: unknown,
  timeoutMs: number,
  secrets: readonly string[],
): FailureDescription {
  const code = axios.isAxiosError(error) ? error.code : undefined;
  const rawMessage = error instanceof Error ? error.message : "unknown failure";
  const summary = new TransportFailure(redactSecrets(rawMessage, secrets), code);
  const timedOut = `timed out after ${formatSeconds(timeoutMs)}`;
  const untrusted = untrustedCertificate(code);
  if (untrusted !== undefined) return { reason: untrusted, code, retryable: false, summary };
  switch (code) {
    case "ECONNABORTED":
    case "ETIMEDOUT":
    case "ERR_CANCELED":
      return { reason: timedOut, code, retryable: true, summary };
    case "ECONNREFUSED":
      return { reason: "connection refused", code, retryable: true, summary };
    case "ECONNRESET":
    case "EPIPE":
      return { reason: "connection reset", code, retryable: true, summary };
    case "ENOTFOUND":
      return { reason: "host not found (DNS)", code, retryable: false, summary };
    case "EAI_AGAIN":
      return { reason: "DNS lookup failed", code, retryable: true, summary };
    case "EPROTO":
    case "ERR_SSL_WRONG_VERSION_NUMBER":
    case "ERR_SSL_PACKET_LENGTH_TOO_LONG":
      // A domain without a scheme is read as https; this is what a plain-http server answers to that.
      return {
        reason: "TLS handshake failed (the host does not speak https)",
        code,
        retryable: false,
        summary,
      };
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return { reason: "host unreachable", code, retryable: true, summary };
    default:
      if (/socket hang up/i.test(rawMessage))
        return { reason: "connection reset", code, retryable: true, summary };
      return { reason: `request failed (${code ?? summary.message})`, code, retryable: false, summary };
  }
}
