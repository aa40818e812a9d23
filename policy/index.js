// The tenant policy pack's entry: the pack is compiled with the package (src/policy, `npm run build`), so
// nothing is compiled when it runs. See docs/policy.md.
"use strict";
require("../dist/policy/pack").servePack();
