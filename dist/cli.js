#!/usr/bin/env node
import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);

// src/cli/index.ts
console.log("ralph cli: not built yet");
