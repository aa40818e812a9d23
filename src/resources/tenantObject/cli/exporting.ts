import type { ManagementClient } from "../../../client/managementClient";
import { tenantObjectId } from "../adoption";

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

/**
 * What every export hook is given: the tenant's client, its settings (read first, whole) and the phone
 * generation they say the tenant is.
 */
interface ExportContext {
  readonly client: ManagementClient;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly phoneGeneration: "unified" | "legacy";
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

/**
 * The layout of the generated program: prettier's defaults (2 spaces, 80 columns, double quotes, trailing
 * commas), which a project without a prettier config of its own gets, so `prettier --check` passes on it.
 */
const INDENT = "  ";
const PRINT_WIDTH = 80;

/** Program text that is not a value: `config.requireSecret("…")`, a nested object literal. */
class Code {
  /** @param render the text, given the indentation depth it starts at */
  constructor(readonly render: (depth: number) => string) {}
}

/** A member of an object literal: its key (written unquoted when it can be), and a JSON value or {@link Code}. */
export type Member = readonly [string, unknown];

/** A string literal as prettier writes it: in double quotes, unless the text holds more of them than of `'`. */
function quoted(text: string): string {
  const json = JSON.stringify(text);
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f]/u;

/** The columns a text takes, as prettier counts them: East Asian wide characters 2, combining marks 0. */
function width(text: string): number {
  let columns = 0;
  for (const character of text) columns += WIDE.test(character) ? 2 : ZERO_WIDTH.test(character) ? 0 : 1;
  return columns;
}

/** A property key: unquoted when it is an identifier, quoted otherwise (prettier's `as-needed`). */
function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quoted(key);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Code);

/**
 * A list on one line, or `undefined` when it holds an object with members (written over several lines, as
 * prettier keeps it).
 */
function flatArray(items: readonly unknown[]): string | undefined {
  const parts: string[] = [];
  for (const item of items) {
    if (item instanceof Code || (isPlainObject(item) && Object.keys(item).length > 0)) return undefined;
    const part = Array.isArray(item) ? flatArray(item) : isPlainObject(item) ? "{}" : literal(item);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return `[${parts.join(", ")}]`;
}

/**
 * A list as prettier lays it out at `column` of a line indented `depth` levels: on that line when it fits
 * (with the `,` after it), else one item a line, numbers filling each line.
 */
function arrayLiteral(items: readonly unknown[], depth: number, column: number): string {
  const flat = flatArray(items);
  if (flat !== undefined && column + width(flat) + 1 <= PRINT_WIDTH) return flat;
  const inner = INDENT.repeat(depth + 1);
  if (items.length > 0 && items.every((item) => typeof item === "number")) {
    const lines: string[] = [];
    let line = "";
    for (const part of items.map((item) => literal(item))) {
      const next = line === "" ? part : `${line}, ${part}`;
      if (line !== "" && inner.length + width(next) + 1 > PRINT_WIDTH) {
        lines.push(`${inner}${line},`);
        line = part;
      } else line = next;
    }
    lines.push(`${inner}${line},`);
    return `[\n${lines.join("\n")}\n${INDENT.repeat(depth)}]`;
  }
  const lines = items.map((item) => `${inner}${valueAt(item, depth + 1, inner.length)},`);
  return `[\n${lines.join("\n")}\n${INDENT.repeat(depth)}]`;
}

/** A value written at `column` of a line indented `depth` levels. */
function valueAt(value: unknown, depth: number, column: number): string {
  if (value instanceof Code) return value.render(depth);
  if (Array.isArray(value)) return arrayLiteral(value, depth, column);
  if (isPlainObject(value)) return objectLiteral(Object.entries(value), depth);
  return literal(value);
}

/**
 * A JSON value as TypeScript source, laid out as prettier would at the start of a line: strings quoted as
 * prettier quotes them, lists on one line when they fit, objects over several lines.
 */
function literal(value: unknown): string {
  if (typeof value === "string") return quoted(value);
  // prettier writes an exponent without its `+`: 1e21, not JSON's 1e+21.
  if (typeof value === "number") return JSON.stringify(value).replace("e+", "e");
  if (Array.isArray(value) || isPlainObject(value) || value instanceof Code) return valueAt(value, 0, 0);
  return JSON.stringify(value) ?? "undefined";
}

/** `{\n  key: value,\n}` indented `depth` levels (`{}` without members); values are JSON or {@link Code}. */
function objectLiteral(members: readonly Member[], depth = 0): string {
  if (members.length === 0) return "{}";
  const inner = INDENT.repeat(depth + 1);
  const lines = members.map(([name, value]) => {
    const key = propertyKey(name);
    const start = `${inner}${key}: `;
    const text = valueAt(value, depth + 1, width(start));
    // A string that does not fit after its key moves to the next line, unless the key is short (under 5).
    if (typeof value === "string" && width(key) >= 5 && width(start) + width(text) + 1 > PRINT_WIDTH) {
      return `${inner}${key}:\n${INDENT.repeat(depth + 2)}${text},`;
    }
    return `${start}${text},`;
  });
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}

/** An object literal as a member's value, written at the member's depth. */
export function nested(members: readonly Member[]): Code {
  return new Code((depth) => objectLiteral(members, depth));
}

/** `config.requireSecret("<key>")`: how a declaration reads a secret from stack config. */
export function secretRead(key: string): Code {
  return new Code(() => `config.requireSecret(${quoted(key)})`);
}

/**
 * `new <type>("<name>", {…});`, or with resource options `new <type>(\n  "<name>",\n  {…},\n  {…},\n);`, as
 * prettier lays out a call whose last argument is an object literal, or with two of them.
 */
export function newResource(
  type: string,
  name: string,
  args: readonly Member[],
  options?: readonly Member[],
): string {
  const opening = `new ${type}(${quoted(name)}, `;
  if (options === undefined && width(opening) + 1 <= PRINT_WIDTH) return `${opening}${objectLiteral(args)});`;
  const parts = [
    quoted(name),
    objectLiteral(args, 1),
    ...(options === undefined ? [] : [objectLiteral(options, 1)]),
  ];
  return `new ${type}(\n${parts.map((part) => `${INDENT}${part},`).join("\n")}\n);`;
}

/** An import of `names` from `module` (`import { a, b } from …;`), over several lines when it does not fit on one. */
export function importStatement(names: readonly string[], module: string): string {
  const line = `import { ${names.join(", ")} } from ${quoted(module)};`;
  if (width(line) <= PRINT_WIDTH) return line;
  return `import {\n${names.map((name) => `${INDENT}${name},`).join("\n")}\n} from ${quoted(module)};`;
}

/** `text` as `//` comment lines of at most 80 columns, broken between words. */
export function commentLines(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && width(last) + width(word) + 1 <= PRINT_WIDTH)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(`// ${word}`);
  }
  return lines;
}

/**
 * How a singleton is declared: nothing more for one nobody configured; else the `import` option that adopts
 * it (a create never takes over what someone configured), and a comment saying why, to put before it.
 */
export function adoptionOf(
  host: string,
  path: string,
  differs: readonly string[],
): { comment: string[]; options?: Member[] } {
  if (differs.length === 0) return { comment: [] };
  return {
    comment: commentLines(
      `Configured on the tenant (it differs from a new tenant's at ${differs.join(", ")}): the import option adopts it, writing nothing.`,
    ),
    options: [["import", tenantObjectId(host, path)]],
  };
}
