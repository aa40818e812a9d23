/**
 * A property path as every message of the package prints it: `a.b[0].c`. `name` spells each key
 * (e.g. camelCase for the user's names); array indexes are `[n]`.
 */
export function formatPropertyPath(
  path: readonly PropertyKey[],
  name: (key: string, index: number) => string = (key) => key,
): string {
  let out = "";
  path.forEach((segment, index) => {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += `${out === "" ? "" : "."}${name(String(segment), index)}`;
  });
  return out;
}
