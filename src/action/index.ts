import { run } from "./main.js";

// The bundled entry `dist/action.js` (action.yml `runs.main`); run() never throws.
await run();
