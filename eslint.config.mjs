// @ts-check
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

/**
 * What each part of src/ may load at run time. `import type` is always allowed: it costs nothing at run time.
 * The rules carry the layering of docs/architecture.md, and what a program and a provider process load:
 * a program that imports the package loads neither zod, liquidjs, axios nor jose; a provider's check and diff
 * load no HTTP client; only private_key_jwt signing loads jose.
 */
const heavy = {
  zod: {
    name: "zod",
    message: "Build schemas with schema() of src/wire/schema.ts: it loads zod on first use.",
    allowTypeImports: true,
  },
  axios: { name: "axios", message: "Only src/client/http.ts talks HTTP.", allowTypeImports: true },
  liquidjs: {
    name: "liquidjs",
    message: "Only src/templates loads liquidjs, on the first template.",
    allowTypeImports: true,
  },
  jose: {
    name: "jose",
    message: "Load jose with await import() where a token is signed (src/client/tokens.ts).",
    allowTypeImports: true,
  },
  policy: {
    name: "@pulumi/policy",
    message: "Only the policy pack (src/policy/pack.ts) loads the policy SDK: a program never does.",
    allowTypeImports: true,
  },
};

/** Modules that load the HTTP client: a provider and getTenantSettings reach them through a tenant binding's client(). */
const httpClient = {
  group: ["**/client/managementClient", "**/client/http", "**/client/tokens", "**/client/runCache"],
  message: "Load the HTTP client at the first request (engine/processClients.ts), not at module load.",
  allowTypeImports: true,
};

const restricted = (paths, patterns = []) => ["error", { paths: Object.values(paths), patterns }];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      ".tools/**",
      ".pulumi-local/**",
      "coverage/**",
      "**/*.mjs",
      "**/*.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // Provider interfaces require Promise-returning methods even when a method has nothing to await.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "@typescript-eslint/no-require-imports": "error",
      "@typescript-eslint/no-restricted-imports": restricted(heavy, [
        {
          ...httpClient,
          group: ["**/emulator", "**/emulator/*"],
          message: "Only the emulator and the objects' emulation rules use the emulator.",
        },
      ]),
    },
  },
  {
    // The program's side: what `require("pulumi-tenant-admin")` loads.
    files: [
      "src/index.ts",
      "src/resources/registry.ts",
      "src/resources/*/resource.ts",
      "src/resources/*/api.ts",
      "src/resources/*/dialect.ts",
      "src/resources/lazyTemplates.ts",
      "src/resources/tenantObject/program/dynamicResource.ts",
      "src/resources/tenantObject/program/objectResource.ts",
      "src/resources/tenantObject/inputs.ts",
      "src/resources/tenantObject/adoption.ts",
      "src/resources/tenantSettings/function.ts",
      "src/engine/**/*.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(heavy, [
        httpClient,
        {
          group: ["**/provider", "**/export", "**/emulation", "**/templateChecks"],
          message: "The registry loads these when they are needed.",
          allowTypeImports: true,
        },
        {
          group: ["**/templates", "**/templates/*"],
          message:
            "The program's side loads the template rules at their first use: resources/lazyTemplates.ts.",
          allowTypeImports: true,
        },
        {
          group: ["**/emulator", "**/emulator/*"],
          message: "Only the emulator and the objects' emulation rules use the emulator.",
          allowTypeImports: true,
        },
      ]),
    },
  },
  {
    // A provider's check and diff: no HTTP client until a request.
    files: [
      "src/resources/*/provider.ts",
      "src/resources/tenantObject/provider/*.ts",
      "src/resources/tenantObject/*.ts",
    ],
    ignores: ["src/resources/tenantObject/inputs.ts", "src/resources/tenantObject/adoption.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(heavy, [
        httpClient,
        {
          group: ["**/emulator", "**/emulator/*", "**/emulation"],
          message: "Provider code never uses the emulator.",
          allowTypeImports: true,
        },
      ]),
    },
  },
  {
    // The lower layers import nothing above them.
    files: ["src/wire/**/*.ts", "src/client/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(
        { zod: heavy.zod, liquidjs: heavy.liquidjs, jose: heavy.jose },
        [
          {
            group: [
              "**/resources/*",
              "**/engine/*",
              "**/emulator/*",
              "**/cli/*",
              "**/templates",
              "**/templates/*",
            ],
            message: "wire and client are below the tenant objects, the engine, the emulator and the CLI.",
          },
        ],
      ),
    },
  },
  {
    files: ["src/client/http.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted({
        zod: heavy.zod,
        liquidjs: heavy.liquidjs,
        jose: heavy.jose,
      }),
    },
  },
  {
    // The emulator is a room of its own: it shares the wire definitions and the objects' api and emulation rules.
    files: ["src/emulator/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(
        { axios: heavy.axios, liquidjs: heavy.liquidjs },
        [
          {
            group: [
              "**/resources/*/resource",
              "**/resources/*/provider",
              "**/resources/*/export",
              "**/resources/tenantObject/*",
              "**/engine/*",
              "**/cli/*",
              "**/client/*",
            ],
            message: "The emulator never uses the provider side.",
            allowTypeImports: true,
          },
        ],
      ),
    },
  },
  {
    files: ["src/resources/*/emulation.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(heavy, [
        {
          group: [
            "./resource",
            "./provider",
            "./export",
            "../tenantObject/*",
            "../../engine/*",
            "../../cli/*",
            "../../client/*",
          ],
          message:
            "Emulation rules are emulator code: they use the object's api, the emulator's rules and the templates.",
          allowTypeImports: true,
        },
      ]),
    },
  },
  {
    // jose is for signing: a token's claims are read with client/jwtClaims.ts, so no preview path loads it.
    files: ["src/**/*.ts"],
    ignores: ["src/client/tokens.ts", "src/emulator/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value='jose']",
          message:
            "Only private_key_jwt signing (src/client/tokens.ts) loads jose; read claims with jwtClaims().",
        },
      ],
    },
  },
  {
    // The lazy loads: zod at the first schema, liquidjs at the first template, and the template rules on the
    // program's side at their first use.
    files: ["src/wire/schema.ts", "src/templates/liquid.ts", "src/resources/lazyTemplates.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The policy pack's process loads the policy SDK; nothing else in src/ does.
    files: ["src/policy/pack.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted({
        zod: heavy.zod,
        axios: heavy.axios,
        liquidjs: heavy.liquidjs,
        jose: heavy.jose,
      }),
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  prettier,
);
