import type { ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What a child process (started with piped stdout and stderr) has written so far. */
export interface Output {
  stdout(): string;
  stderr(): string;
  /** Both, in the order they arrived. */
  all(): string;
}

export function captureOutput(child: ChildProcess): Output {
  let stdout = "";
  let stderr = "";
  let all = "";
  child.stdout?.on("data", (d: Buffer) => {
    stdout += d.toString();
    all += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
    all += d.toString();
  });
  return { stdout: () => stdout, stderr: () => stderr, all: () => all };
}

/** A TCP port on 127.0.0.1 that nothing listens on (for a server a test starts as a process). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}
