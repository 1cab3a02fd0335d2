import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);

// src/action/index.ts
console.log("ralph action: not built yet");
