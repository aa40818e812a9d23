/** `40,000`: figures as the messages print them. */
export function figure(value: number): string {
  return value.toLocaleString("en-US");
}

/** `line 1, column 9`. */
export function at(position: { line: number; column: number }): string {
  return `line ${position.line}, column ${position.column}`;
}

/** `a, b, c, d and 3 more`: at most `shown` items of a list. */
export function listed(items: readonly string[], shown = 4): string {
  const head = items.slice(0, shown).join(", ");
  return items.length > shown ? `${head} and ${items.length - shown} more` : head;
}

/** `"sms" or "voice"`; `"a", "b", "c" or "d"`: quoted alternatives. */
export function alternatives(values: readonly string[]): string {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
