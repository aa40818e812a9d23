// examples/legacy-phone-templates-liquid: a legacy-tenant example. It runs only on a tenant that still uses the
// legacy phone set-up (created before March 2025 and not moved to the Unified Phone Experience): PhoneTemplates
// fails at preview on any other, naming PhoneNotificationTemplate (see docs/which-phone-resource.md).
//
// The phone MFA templates in the platform's Liquid. The enrollment template is the example of the platform's
// documentation page "Customize SMS or voice messages", as published: a voice branch (the code is read digit
// by digit, with pauses) and an SMS branch, each translated by `locale`. The verification template follows the
// same pattern. `pulumi preview` checks both (they parse, and show the code for SMS and voice in every locale)
// and prints the SMS a user receives, its encoding and its number of segments. See docs/templates.md.
//
// The tenant comes from `tenant-admin:*` stack config or the AUTH0_* environment variables.
import { PhoneTemplates } from "pulumi-tenant-admin";

const enrollmentMessage = `{% if message_type == "voice" %}
  {% if locale contains "fr" %}
  Bonjour, vous avez demandé à recevoir un code de vérification pour vous enregister avec {{tenant.friendly_name}}. Votre code est: {{pause}} {{code}}. Je répète, votre code est: {{pause}}{{code}}.
  {% elsif locale contains "es" %}
  Usted ha requerido un código de verificación para inscribirse con {{tenant.friendly_name}}. Su código es: {{pause}}{{code}}. Repito, su código es: {{pause}}{{code}}.
  {% else %}
  Hello, you requested a verification code to enroll with {{tenant.friendly_name}}. Your code is: {{pause}}{{code}}. I repeat, your code is: {{pause}}{{code}}.
  {% endif %}
{% else %}
  {% if locale contains "fr" %}
  {{code}} est votre code de vérification pour vous enregistrer avec {{tenant.friendly_name}}.
  {% elsif locale contains "es" %}
  {{code}} es su código para inscribirse con {{tenant.friendly_name}}.
  {% else %}
  {{code}} is your verification code to enroll with {{tenant.friendly_name}}.
  {% endif %}
{% endif %}`;

// Whitespace control ({%- … -%}) keeps the indentation out of the message, so it is not sent (or billed).
const verificationMessage = `
{%- if message_type == "voice" -%}
  {%- if locale contains "fr" -%}
    Votre code {{tenant.friendly_name}} est: {{pause}}{{code}}. Je répète: {{pause}}{{code}}.
  {%- elsif locale contains "es" -%}
    Su código de {{tenant.friendly_name}} es: {{pause}}{{code}}. Repito: {{pause}}{{code}}.
  {%- else -%}
    Your {{tenant.friendly_name}} code is: {{pause}}{{code}}. I repeat: {{pause}}{{code}}.
  {%- endif -%}
{%- else -%}
  {%- if locale contains "fr" -%}
    {{code}} est votre code {{tenant.friendly_name}}.
  {%- elsif locale contains "es" -%}
    {{code}} es su código de {{tenant.friendly_name}}.
  {%- else -%}
    {{code}} is your {{tenant.friendly_name}} verification code.
  {%- endif -%}
{%- endif -%}`;

const templates = new PhoneTemplates("phone-templates", { enrollmentMessage, verificationMessage });

export const tenantDomain = templates.domain;
export const storedEnrollmentMessage = templates.enrollmentMessage;
export const storedVerificationMessage = templates.verificationMessage;
