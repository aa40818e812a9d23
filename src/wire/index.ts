export * from "./auth";
export * from "./captcha";
export * from "./errors";
export * from "./paths";
export * from "./phoneTemplates";
export * from "./tenantSettings";
