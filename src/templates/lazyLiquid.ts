import type * as LiquidModule from "liquidjs";

let loaded: typeof LiquidModule | undefined;

/**
 * liquidjs, loaded at the first template. The package index re-exports the template functions, and a Pulumi
 * program that imports the package without rendering a template must not pay for loading liquidjs: this is
 * the one place that loads it, and other modules import only its types.
 */
export function liquidjs(): typeof LiquidModule {
  return (loaded ??= require("liquidjs") as typeof LiquidModule);
}
