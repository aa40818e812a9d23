export * from "./auth";
export * from "./endpoint";
export * from "./errors";
export * from "./json";
export * from "./propertyPath";
export * from "./shape";
