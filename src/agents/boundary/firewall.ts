import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import {
  blockedTableOf,
  chainOf,
  type Destination,
  parseBlocked,
  rulesFor,
} from "./firewall-rules.js";
import { findTool, type Privilege, runAsRoot } from "./privilege.js";

export interface FirewallTools {
  iptables: string;
  iptablesRestore: string;
  /** null: the machine has no IPv6 to filter. */
  ip6tables: string | null;
  ip6tablesRestore: string | null;
}

export class FirewallError extends Error {
  override readonly name = "FirewallError";
}

function hasIPv6(): boolean {
  try {
    return readFileSync("/proc/net/if_inet6", "utf8").trim() !== "";
  } catch {
    return false;
  }
}

/**
 * iptables and iptables-restore (on current Debian and Ubuntu they write nftables rules), and
 * their IPv6 twins where the machine has IPv6: a family left unfiltered would be a way around.
 * `RALPH_IPTABLES` names the iptables binary to use (the others are looked up beside it).
 */
export function firewallTools(env: NodeJS.ProcessEnv): FirewallTools {
  const iptables = env.RALPH_IPTABLES ? findTool(env.RALPH_IPTABLES) : findTool("iptables", env);
  if (iptables === null)
    throw new FirewallError(`${env.RALPH_IPTABLES || "iptables"} was not found`);
  const beside = (name: string) => {
    const path = join(dirname(iptables), basename(iptables).replace("iptables", name));
    return existsSync(path) ? path : null;
  };
  const iptablesRestore = beside("iptables-restore");
  if (iptablesRestore === null)
    throw new FirewallError(`iptables-restore was not found beside ${iptables}`);
  const ip6tables = beside("ip6tables");
  const ip6tablesRestore = beside("ip6tables-restore");
  if ((ip6tables === null || ip6tablesRestore === null) && hasIPv6())
    throw new FirewallError(`the machine has IPv6 but ip6tables was not found beside ${iptables}`);
  return { iptables, iptablesRestore, ip6tables, ip6tablesRestore };
}

/**
 * One privileged shell for the whole change (one sudo per start or stop): the account's chain
 * left by an earlier run that died is removed first, then the new rules go in atomically per
 * family (`iptables-restore --noflush` changes nothing else).
 */
const SCRIPT = `
chain="$1"; uid="$2"; action="$3"
clear() {
  [ -n "$1" ] || return 0
  for i in 1 2 3 4 5; do
    "$1" -w -D OUTPUT -m owner --uid-owner "$uid" -j "$chain" 2>/dev/null || break
  done
  "$1" -w -F "$chain" 2>/dev/null; "$1" -w -X "$chain" 2>/dev/null; return 0
}
clear "$4"; clear "$6"
[ "$action" = start ] || exit 0
printf '%s' "$8" | "$5" -w --noflush || exit 1
[ -z "$6" ] || printf '%s' "$9" | "$7" -w --noflush || { clear "$4"; exit 1; }
`;

export interface Firewall {
  /** Destinations the account was refused, `address:port`, since the rules were made. */
  blocked(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startFirewall(
  privilege: Privilege,
  uid: number,
  destinations: readonly Destination[],
  tools: FirewallTools,
): Promise<Firewall> {
  const run = (action: "start" | "stop") =>
    runAsRoot(privilege, "/bin/sh", [
      "-c",
      SCRIPT,
      "sh",
      chainOf(uid),
      String(uid),
      action,
      tools.iptables,
      tools.iptablesRestore,
      tools.ip6tables ?? "",
      tools.ip6tablesRestore ?? "",
      rulesFor(4, uid, destinations),
      rulesFor(6, uid, destinations),
    ]);
  const started = await run("start");
  if (started.code !== 0)
    throw new FirewallError(
      `the rules could not be made: ${started.stderr.trim().split("\n").slice(-3).join(" ")}`,
    );
  const tables = ["ipt_hashlimit", "ip6t_hashlimit"].map(
    (dir) => `/proc/net/${dir}/${blockedTableOf(uid)}`,
  );
  return {
    async blocked() {
      if (privilege.kind === "root")
        return parseBlocked(
          tables.map((t) => (existsSync(t) ? readFileSync(t, "utf8") : "")).join("\n"),
        );
      const read = await runAsRoot(privilege, "/bin/sh", [
        "-c",
        'cat "$@" 2>/dev/null; exit 0',
        "sh",
        ...tables,
      ]);
      return parseBlocked(read.stdout);
    },
    async stop() {
      await run("stop");
    },
  };
}
