import { outputTail } from "./subprocess.js";

/**
 * Why an agent process failed, in a line or three, for the message the user sees: the tail of
 * its stderr (where shells and CLIs say why), or of its stdout when stderr is empty, plus what the
 * shell's exit codes 126/127 mean. Null for a successful exit.
 */
export function exitCause(exitCode: number | null, stderr: string, stdout = ""): string | null {
  if (exitCode === 0) return null;
  const tail = (outputTail(stderr, 3) || outputTail(stdout, 3)).replace(/\s*\n\s*/g, " | ").trim();
  const meaning =
    exitCode === 127
      ? "command not found"
      : exitCode === 126
        ? "command not executable (check its permissions: chmod +x)"
        : null;
  const parts = [meaning, tail === "" ? null : tail.slice(-600)].filter((p) => p !== null);
  return parts.length === 0 ? null : parts.join(": ");
}
