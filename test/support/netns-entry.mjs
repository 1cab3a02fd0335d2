#!/usr/bin/env node
// Runs inside a network namespace the test made (`unshare --net`): brings loopback up, forwards
// loopback ports to Unix sockets the test process serves (the fake GitHub stays reachable from
// inside), starts local stand-in servers, runs the command, and afterwards records the
// namespace's firewall rules (they must be gone). Nothing here touches the machine's own network.
// Usage: node netns-entry.mjs '<json config>' -- <file> <args...>
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";

const config = JSON.parse(process.argv[2]);
const [file, ...args] = process.argv.slice(process.argv.indexOf("--") + 1);
execFileSync("ip", ["link", "set", "lo", "up"]);

const listening = [];
for (const { port, socket } of config.forwards ?? []) {
  const server = createServer((client) => {
    const upstream = connect(socket);
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  listening.push(new Promise((resolve) => server.listen(port, "127.0.0.1", resolve)));
}
for (const { port, reply, log } of config.servers ?? []) {
  const server = createServer((client) => {
    appendFileSync(log, `connection on ${port}\n`);
    client.end(reply);
  });
  listening.push(new Promise((resolve) => server.listen(port, "127.0.0.1", resolve)));
}
await Promise.all(listening);

const child = spawn(file, args, { stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (config.rulesAfter) {
    const rules = ["iptables", "ip6tables"]
      .map((tool) => {
        try {
          return execFileSync(tool, ["-S"], { encoding: "utf8" });
        } catch (error) {
          return `${tool}: ${error.message}`;
        }
      })
      .join("\n");
    writeFileSync(config.rulesAfter, rules);
  }
  process.exit(code ?? (signal ? 128 : 1));
});
