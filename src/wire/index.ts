export * from "./auth";
export * from "./captcha";
export * from "./errors";
export * from "./operations";
export * from "./phoneTemplates";
export * from "./tenantSettings";
export * from "./propertyPath";
export * from "./json";
