/** A compact JSON Web Token (three base64url parts, the first two JSON objects): what the emulator issues. */
const JWT_PATTERN = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]+/;

/** Secrets to look for, by a label that a failure names instead of the value. */
export type Secrets = Readonly<Record<string, string>>;

function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 60);
  return text.slice(start, index + length + 60).replace(/\s+/g, " ");
}

/**
 * Fails when `text` contains any of `secrets` (as is or base64-encoded) or anything shaped like an access
 * token (a JWT). `where` names the place searched (`stack export`, `pulumi up output`, an error, log lines)
 * in the failure, which shows the label of the secret and the text around it.
 */
export function expectNoSecrets(text: string, secrets: Secrets, where: string): void {
  for (const [label, value] of Object.entries(secrets)) {
    if (value.length < 8) throw new Error(`the secret ${label} is too short to search for reliably`);
    for (const form of [value, Buffer.from(value).toString("base64")]) {
      const index = text.indexOf(form);
      if (index !== -1) {
        throw new Error(`${where} contains the secret ${label}: …${excerpt(text, index, form.length)}…`);
      }
    }
  }
  const token = JWT_PATTERN.exec(text);
  if (token !== null) {
    throw new Error(`${where} contains an access token (a JWT): …${excerpt(text, token.index, 20)}…`);
  }
}
