/**
 * Run inside a network namespace of its own (`unshare --net`, bench/agent-boundary.perf.ts):
 * times Ralph's firewall for one agent uid — making the rules, reading what was blocked, removing
 * them — and prints the figures as JSON. Never run it in the machine's own namespace.
 */
import { execFileSync } from "node:child_process";
import { firewallTools, startFirewall } from "../../src/agents/boundary/firewall.js";
import { resolveHosts } from "../../src/agents/boundary/firewall-rules.js";
import { parseHostEntry } from "../../src/core/agent-network.js";

const rounds = Number(process.argv[2] ?? 10);
const uid = Number(process.argv[3] ?? 4242);
execFileSync("ip", ["link", "set", "lo", "up"]);
const hosts = ["localhost", "127.0.0.1:18443", "10.0.0.7", "10.0.0.8:443", "[::1]:8080"];
const resolved = await resolveHosts(hosts.map(parseHostEntry));
const tools = firewallTools(process.env);
const times = { start: [] as number[], blocked: [] as number[], stop: [] as number[] };
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
for (let i = 0; i < rounds; i++) {
  let t = process.hrtime.bigint();
  const firewall = await startFirewall({ kind: "root" }, uid, resolved.destinations, tools);
  times.start.push(ms(t));
  t = process.hrtime.bigint();
  await firewall.blocked();
  times.blocked.push(ms(t));
  t = process.hrtime.bigint();
  await firewall.stop();
  times.stop.push(ms(t));
}
process.stdout.write(`${JSON.stringify(times)}\n`);
