// The comparison point of `npm run bench`'s state-size figure: dynamic providers written the naive way,
// with axios imported at module level and used inside `create`, so Pulumi serializes whatever the
// provider's closure reaches into every resource's `__provider` input. Not for use; it exists to be measured.
//
// Stack config (project namespace of the stack): domain, clientId, clientSecret (secret).
import * as pulumi from "@pulumi/pulumi";
import axios from "axios";

const config = new pulumi.Config();

interface NaiveInputs {
  domain: string;
  clientId: string;
  clientSecret: string;
  path: string;
  method: "PATCH" | "PUT";
  body: Record<string, unknown>;
}

const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: NaiveInputs) {
    const token = await axios.post<{ access_token: string }>(`${inputs.domain}/oauth/token`, {
      grant_type: "client_credentials",
      client_id: inputs.clientId,
      client_secret: inputs.clientSecret,
      audience: `${inputs.domain}/api/v2/`,
    });
    const response = await axios.request<Record<string, unknown>>({
      method: inputs.method,
      url: `${inputs.domain}/api/v2${inputs.path}`,
      data: inputs.body,
      headers: { Authorization: `Bearer ${token.data.access_token}` },
    });
    return { id: `${inputs.domain}${inputs.path}`, outs: { ...inputs, response: response.data } };
  },
};

class NaiveApiObject extends pulumi.dynamic.Resource {
  constructor(name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, args, opts);
  }
}

const tenant = {
  domain: config.require("domain"),
  clientId: config.require("clientId"),
  clientSecret: config.requireSecret("clientSecret"),
};

new NaiveApiObject("naive-captcha", {
  ...tenant,
  path: "/attack-protection/captcha",
  method: "PATCH",
  body: { active_provider_id: "hcaptcha", hcaptcha: { site_key: "naive-site-key", secret: "naive-secret" } },
});

new NaiveApiObject("naive-phone-templates", {
  ...tenant,
  path: "/guardian/factors/phone/templates",
  method: "PUT",
  body: { enrollment_message: "{{code}} enrolls you", verification_message: "{{code}} verifies you" },
});
