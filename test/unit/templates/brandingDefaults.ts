// The platform's default phone notification texts (GET /branding/phone/templates on a tenant that never
// customized them), which the template rules must accept as they are.
export const BRANDING_DEFAULT_BODIES = {
  otp_verify: {
    text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}",
    voice:
      "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}",
  },
  otp_enroll: {
    text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Please enter this code to verify your enrollment.",
    voice:
      "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}",
  },
  change_password: {
    text: "{{ code | escape }} is your password change code for {{ friendly_name | escape }}",
    voice:
      "Hello. Your password change code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your password change code is {{ pause }} {{ code | escape }}",
  },
  blocked_account: {
    text: "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.",
    voice:
      "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.",
  },
} as const;

/** The types whose messages carry a one-time code. */
export const CODE_TYPES = ["otp_verify", "otp_enroll", "change_password"] as const;
