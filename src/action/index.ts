import { endIfIgnored } from "./fast-path.js";

// The bundled entry `dist/action.js` (action.yml `runs.main`). An event Ralph must ignore ends
// here, decided from the payload alone; only the rest loads the full run (a separate chunk of
// the bundle, so the ignored case never parses it). run() never throws.
if (!(await endIfIgnored().catch(() => false))) {
  const { run } = await import("./main.js");
  await run();
}
