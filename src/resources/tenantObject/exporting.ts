import type { ManagementClient } from "../../client/managementClient";
import { tenantObjectId } from "./adoption";
import type { TenantSettingsResponse } from "../tenantSettings/api";

/** A secret the generated program reads from stack config, which the user must set. */
export interface SecretSetting {
  /** The stack config key (in the program's namespace), e.g. `hcaptchaSecret`. */
  readonly key: string;
  /** What it holds, e.g. `the hcaptcha secret`. */
  readonly description: string;
}

/** What an object declares in the generated program. */
export interface Declaration {
  /** The names `index.ts` imports from the package for it. */
  readonly imports: readonly string[];
  /** Its statements, comments first. */
  readonly lines: readonly string[];
  /** The secrets its statements read from stack config. */
  readonly secrets: readonly SecretSetting[];
}

/** What `tenant-admin export` got from one object: declarations, and what it left out and why. */
export interface ExportedObject {
  readonly declarations: readonly Declaration[];
  readonly skipped: readonly string[];
}

/** What every export hook is given: the tenant's client and its settings (read first, whole). */
export interface ExportContext {
  readonly client: ManagementClient;
  readonly settings: TenantSettingsResponse;
}

/**
 * How `tenant-admin export` declares an object: `read` asks the tenant (and may decide the object does not
 * apply to it, with the reason in `skipped`), `declare` turns what was read into program text, so the text
 * can be tested without a tenant.
 */
export interface ObjectExport<Snapshot = unknown> {
  read(context: ExportContext): Promise<{ snapshot?: Snapshot; skipped: string[] }>;
  /** The declarations of what was read from the tenant at `host` (which import ids name). */
  declare(snapshot: Snapshot, host: string): ExportedObject;
}

/** The indentation of the generated program. */
export const INDENT = "  ";

/** A value as TypeScript source: JSON, which is a valid TypeScript literal for every JSON value. */
export function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** `{\n  key: value,\n}` from rendered members, indented `depth` levels. */
export function objectLiteral(members: readonly (readonly [string, string])[], depth = 0): string {
  const inner = INDENT.repeat(depth + 1);
  const lines = members.map(([key, value]) => `${inner}${key}: ${value},`);
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}

/**
 * A singleton's declaration ends: `);` for one nobody configured, else the `import` option that adopts it (a
 * create never takes over what someone configured) and a comment saying why, to put before the declaration.
 */
export function adoptionOf(
  host: string,
  path: string,
  differs: readonly string[],
): { comment: string[]; end: string } {
  if (differs.length === 0) return { comment: [], end: ");" };
  const words = `Configured on the tenant (it differs from a new tenant's at ${differs.join(", ")}): the import option adopts it, writing nothing.`;
  return {
    comment: commentLines(words),
    end: `, ${objectLiteral([["import", literal(tenantObjectId(host, path))]])});`,
  };
}

/** `text` as `//` comment lines of at most 110 characters, broken between words. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + word.length + 1 <= 110)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(`// ${word}`);
  }
  return lines;
}

/** `config.requireSecret("<key>")`: how a declaration reads a secret from stack config. */
export function secretRead(key: string): string {
  return `config.requireSecret(${literal(key)})`;
}
