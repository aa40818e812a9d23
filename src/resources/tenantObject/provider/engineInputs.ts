import type * as pulumi from "@pulumi/pulumi";

import { DRY_RUN_KEY, NAME_KEY, withoutEngineKeys } from "../inputs";

/**
 * A check's inputs as the engine passes them, parsed once: the resource's inputs (without the URL a previous
 * check set), and what the resource class adds for its provider (whether this is a preview, and its name).
 */
export interface CheckRequest<Inputs> {
  readonly news: Inputs;
  readonly dryRun: boolean;
  readonly name: string | undefined;
}

/** A resource's inputs without the tenant's URL a check set: what it declares of its object. */
export function settingsOf<Inputs extends object>(inputs: Inputs): Inputs {
  return withoutEngineKeys(inputs, ["domain"]);
}

export function checkRequestOf<Inputs extends object>(raw: Inputs): CheckRequest<Inputs> {
  const bag = raw as Record<string, unknown>;
  const name = bag[NAME_KEY];
  return {
    news: settingsOf(raw),
    dryRun: bag[DRY_RUN_KEY] === true,
    name: typeof name === "string" ? name : undefined,
  };
}

/** The failures without repeats (a schema and a template rule may say the same of one property). */
export function distinct(failures: readonly pulumi.dynamic.CheckFailure[]): pulumi.dynamic.CheckFailure[] {
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const key = JSON.stringify([failure.property, failure.reason]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
