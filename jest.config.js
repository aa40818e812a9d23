/** @type {import('jest').Config} */
const common = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  moduleFileExtensions: ["ts", "js", "json"],
};

/** @type {import('jest').Config} */
module.exports = {
  // A limit on a hung test, not on speed: a loaded 2-core machine runs some tests for tens of seconds.
  // (A global option: a project's own is ignored. The e2e setup sets its own, longer.)
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/test/unit/**/*.test.ts"],
    },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      globalSetup: "<rootDir>/test/e2e/globalSetup.ts",
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup.ts"],
      slowTestThreshold: 120,
    },
  ],
};
