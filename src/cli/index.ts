import { nodeIo } from "./io.js";
import { main } from "./main.js";

// The `ralph` bin (bundled to dist/cli.js). Everything testable lives in main.ts.
const io = nodeIo();
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
