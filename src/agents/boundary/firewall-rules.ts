import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { formatHostEntry, type HostEntry } from "../../core/agent-network.js";

/** One allowed destination: an address range, and a port or all of them. */
export interface Destination {
  family: 4 | 6;
  /** `address/prefix`. */
  cidr: string;
  port: number | null;
}

export interface ResolvedHosts {
  destinations: Destination[];
  /** Entries whose name did not resolve: nothing of theirs is allowed. */
  unresolved: string[];
}

type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => lookup(host, { all: true });

/**
 * Addresses for the allowlist, looked up once when the rules are made (a firewall matches
 * addresses; a name that later moves to a new address is blocked, and reported as such).
 */
export async function resolveHosts(
  entries: readonly HostEntry[],
  resolve: Lookup = systemLookup,
): Promise<ResolvedHosts> {
  const destinations: Destination[] = [];
  const unresolved: string[] = [];
  const add = (family: 4 | 6, cidr: string, port: number | null) => {
    if (!destinations.some((d) => d.cidr === cidr && d.port === port))
      destinations.push({ family, cidr, port });
  };
  for (const entry of entries) {
    if (entry.host === "localhost") {
      add(4, "127.0.0.0/8", entry.port);
      add(6, "::1/128", entry.port);
      continue;
    }
    const literal = isIP(entry.host);
    if (literal !== 0) {
      add(literal as 4 | 6, `${entry.host}/${literal === 4 ? 32 : 128}`, entry.port);
      continue;
    }
    try {
      for (const a of await resolve(entry.host)) {
        const family = a.family === 6 ? 6 : 4;
        add(family, `${a.address}/${family === 4 ? 32 : 128}`, entry.port);
      }
    } catch {
      unresolved.push(formatHostEntry(entry));
    }
  }
  return { destinations, unresolved };
}

/** The per-account chain, and the name of its table of blocked destinations. */
export function chainOf(uid: number): string {
  return `RALPH-AGENT-${uid}`;
}

export function blockedTableOf(uid: number): string {
  return `ralph-agent-${uid}`;
}

export const LOG_PREFIX = "ralph-agent-blocked: ";

/**
 * `iptables-restore --noflush` input for one family: the account's packets go first through its own
 * chain, which lets DNS and the allowed destinations pass (RETURN: the machine's own OUTPUT
 * rules still apply) and refuses everything else at once (a reset for TCP, "port unreachable"
 * otherwise), so a blocked connection fails fast instead of hanging. Before refusing, the first
 * packet per destination and minute is logged; the rate limit's table
 * (/proc/net/ip{,6}t_hashlimit/<name>) is how Ralph lists what was blocked.
 */
export function rulesFor(family: 4 | 6, uid: number, destinations: readonly Destination[]): string {
  const chain = chainOf(uid);
  const lines = [
    "*filter",
    `:${chain} - [0:0]`,
    // First in OUTPUT: an earlier ACCEPT (loopback, a VPN's) must not let the agent around it.
    `-I OUTPUT 1 -m owner --uid-owner ${uid} -j ${chain}`,
    `-A ${chain} -p udp --dport 53 -j RETURN`,
    `-A ${chain} -p tcp --dport 53 -j RETURN`,
  ];
  for (const d of destinations.filter((x) => x.family === family)) {
    if (d.port === null) lines.push(`-A ${chain} -d ${d.cidr} -j RETURN`);
    else
      for (const proto of ["tcp", "udp"])
        lines.push(`-A ${chain} -d ${d.cidr} -p ${proto} --dport ${d.port} -j RETURN`);
  }
  lines.push(
    `-A ${chain} -m hashlimit --hashlimit-upto 1/min --hashlimit-burst 1 --hashlimit-mode dstip,dstport --hashlimit-name ${blockedTableOf(uid)} --hashlimit-htable-expire 86400000 -j LOG --log-prefix "${LOG_PREFIX}" --log-uid`,
    `-A ${chain} -p tcp -j REJECT --reject-with tcp-reset`,
    `-A ${chain} -j REJECT`,
    "COMMIT",
    "",
  );
  return lines.join("\n");
}

/**
 * The destinations in a hashlimit table: lines `<expires> <src>:<sport>-><dst>:<dport> …`
 * (IPv6 addresses written out in full, shortened here).
 */
export function parseBlocked(table: string): string[] {
  const out: string[] = [];
  for (const line of table.split("\n")) {
    const m = /->(\S+):(\d+)\s/.exec(`${line} `);
    if (!m?.[1]) continue;
    const address = m[1].includes(":") ? shortIPv6(m[1]) : m[1];
    const port = m[2] === "0" ? "" : `:${m[2]}`;
    const text = address.includes(":") ? `[${address}]${port}` : `${address}${port}`;
    if (!out.includes(text)) out.push(text);
  }
  return out.sort();
}

function shortIPv6(full: string): string {
  try {
    return new URL(`http://[${full}]/`).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return full;
  }
}
