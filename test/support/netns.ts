/**
 * A network namespace per run, so a test can let Ralph make real firewall rules without touching
 * the machine's own (FIELD-NOTES): the command runs under `unshare --net` with only loopback;
 * loopback ports inside are forwarded to Unix sockets this process serves, which connect to the
 * same ports on the machine's loopback (the fake GitHub in this process stays reachable); local
 * stand-in servers answer inside. The namespace ends with the command.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";

const ENTRY = join(resolve(dirname(fileURLToPath(import.meta.url))), "netns-entry.mjs");

/** Root on Linux with `unshare`, `ip` and iptables (its nftables backend) that work here. */
export const CAN_USE_NETNS =
  process.platform === "linux" &&
  process.getuid?.() === 0 &&
  spawnSync("unshare", [
    "--net",
    "--",
    "sh",
    "-c",
    "ip link set lo up && iptables -S >/dev/null && ip6tables -S >/dev/null",
  ]).status === 0;

export interface NetnsOptions {
  /** Loopback ports inside the namespace that lead to the same ports outside. */
  forwardPorts: number[];
  /** Servers inside: each answers `reply` and logs every connection to `log`. */
  servers?: { port: number; reply: string; log: string }[];
  /** Where the namespace's `iptables -S` / `ip6tables -S` go after the command ended. */
  rulesAfter?: string;
}

/** A `wrap` for runAction: the action runs in a namespace of its own. Closed after the test. */
export function inNetns(options: NetnsOptions) {
  const dir = mkdtempSync(join(tmpdir(), "ralph-netns-"));
  const servers: Server[] = options.forwardPorts.map((port) => {
    const server = createServer((client) => {
      const upstream = createConnection(port, "127.0.0.1");
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    server.listen(join(dir, `${port}.sock`));
    return server;
  });
  onTestFinished(() => {
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const config = {
    forwards: options.forwardPorts.map((port) => ({ port, socket: join(dir, `${port}.sock`) })),
    servers: options.servers ?? [],
    rulesAfter: options.rulesAfter,
  };
  return (file: string, args: string[]) => ({
    file: "unshare",
    args: ["--net", "--", process.execPath, ENTRY, JSON.stringify(config), "--", file, ...args],
  });
}
