/**
 * The provider implementations, loaded by package name (`pulumi-tenant-admin/provider`) inside the
 * engine's dynamic-provider process each time it calls a resource's provider. One context per process:
 * the stack config the engine configured the provider with.
 */
import { createCaptchaConfigProvider } from "../resources/captchaConfig";
import { createPhoneTemplatesProvider } from "../resources/phoneTemplates";
import { ProviderContext } from "../engine/tenantArgs";

const context = new ProviderContext();

/** The CaptchaConfig provider implementation. */
export const captchaConfig = createCaptchaConfigProvider(context);

/** The PhoneTemplates provider implementation. */
export const phoneTemplates = createPhoneTemplatesProvider(context);
