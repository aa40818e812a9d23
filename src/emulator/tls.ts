import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { hostname } from "node:os";

import { generate } from "selfsigned";

import { writeDataFile } from "./dataDir";

/** The PEM certificate and key an https emulator serves with, and where its CA certificate is. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  /** A PEM file that clients can trust (`NODE_EXTRA_CA_CERTS`, `SSL_CERT_FILE`). */
  readonly caFile: string;
}

/** The name of the generated certificate's PEM file in the data directory (or a temporary directory). */
export const GENERATED_CA_FILE_NAME = "tenant-emulator-ca.pem";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1"];

/** The certificate's subject alternative names: loopback, the listening host, the machine's name and extras. */
export function certificateNames(host: string, extra: readonly string[] = []): string[] {
  const wildcard = host === "0.0.0.0" || host === "::";
  const names = [...LOOPBACK_NAMES, ...(wildcard ? [hostname()] : [host]), ...extra];
  return [...new Set(names.map((name) => name.replace(/^\[|\]$/g, "").toLowerCase()))];
}

/** A PEM text that ends with a line break, so that files can be concatenated into one bundle. */
function endWithNewline(pem: string): string {
  return pem.endsWith("\n") ? pem : `${pem}\n`;
}

/**
 * The subject of a generated certificate: a common name unique to this certificate (`tenant-emulator <random
 * id>`) and the package as organization. The certificate is its own issuer, and TLS clients find an issuer by
 * its subject: with one subject shared by several emulators' certificates in one trust bundle, a client would
 * try the first one only and refuse the others.
 */
function certificateSubject(): { name: string; value: string }[] {
  return [
    { name: "commonName", value: `tenant-emulator ${randomBytes(8).toString("hex")}` },
    { name: "organizationName", value: "pulumi-tenant-admin" },
    { name: "OU", value: "tenant-emulator generated certificate" },
  ];
}

/**
 * Generates a self-signed certificate (EC P-256, SHA-256, one year) through the `selfsigned` package for the
 * given names, with a subject of its own ({@link certificateSubject}), and writes it to
 * `<directory>/tenant-emulator-ca.pem` (mode 0644: it is public; ending with a line break, so that several
 * emulators' files can be concatenated into one bundle). The file is created without following a link (a
 * temporary file, renamed over the name). The certificate is its own CA: trusting that file trusts the
 * emulator, and nothing else.
 */
export async function generateTlsMaterial(names: readonly string[], directory: string): Promise<TlsMaterial> {
  const pems = await generate(certificateSubject(), {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: names.map((name) => (isIP(name) === 0 ? { type: 2, value: name } : { type: 7, ip: name })),
      },
    ],
  });
  const cert = endWithNewline(pems.cert);
  const caFile = await writeDataFile(directory, GENERATED_CA_FILE_NAME, cert, 0o644);
  return { cert, key: endWithNewline(pems.private), caFile };
}

/** Reads a certificate and key given as files (`--tls-cert`, `--tls-key`); the certificate file is the CA file. */
export async function readTlsMaterial(certFile: string, keyFile: string): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([readFile(certFile, "utf8"), readFile(keyFile, "utf8")]);
  return { cert, key, caFile: certFile };
}
