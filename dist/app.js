import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);

// src/app/index.ts
var index_default = (app) => {
  app.log.info("Ralph loaded");
};
export {
  index_default as default
};
