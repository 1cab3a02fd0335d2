import * as z from "zod";
import { nodeIo } from "./io.js";
import { main } from "./main.js";

// The `ralph` bin (bundled to dist/cli.js). Everything testable lives in main.ts.
const io = nodeIo();
// A command parses each schema a few times: zod's compiled fast paths cost more to build than
// they save in one short process.
z.config({ jitless: true });

// Agents run in their own process group, so a Ctrl-C reaches only Ralph. Without a handler Node
// dies without running its `exit` hooks and the agent runs on; process.exit runs them (the
// subprocess hook kills every live agent group). State stays resumable: seed-000 files.
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
for (const [signal, code] of Object.entries(SIGNAL_CODES)) {
  process.once(signal, () => {
    io.err(`ralph: interrupted (${signal}); stopping the running agent`);
    process.exit(code);
  });
}

main(process.argv.slice(2), io)
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.err(`ralph: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  )
  .finally(() => io.dispose?.());
