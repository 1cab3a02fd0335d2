/**
 * `agent_allowed_hosts` (DESIGN §7 rule 9): where an agent may connect with
 * `agent_network: allowlist`. An entry is a host name or an address, optionally with a port:
 * `api.anthropic.com`, `registry.npmjs.org:443`, `10.0.0.7`, `[2001:db8::1]:8080`, `localhost`.
 * Host names are resolved when the rules are made (a firewall matches addresses, not names);
 * `localhost` stands for the loopback ranges (127.0.0.0/8 and ::1).
 */
export interface HostEntry {
  host: string;
  /** null: every port. */
  port: number | null;
}

const NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

export class HostEntryError extends Error {
  override readonly name = "HostEntryError";
}

function portOf(text: string, entry: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65_535)
    throw new HostEntryError(`'${entry}': the port must be a number from 1 to 65535`);
  return port;
}

/** Parses one entry; throws HostEntryError naming what is wrong with it. */
export function parseHostEntry(entry: string): HostEntry {
  const text = entry.trim();
  if (text.includes("*") || text.includes("/"))
    throw new HostEntryError(
      `'${entry}': wildcards, paths and ranges are not supported: list each host name (it is resolved to its addresses)`,
    );
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    const host = bracketed[1] ?? "";
    if (!IPV6.test(host)) throw new HostEntryError(`'${entry}': not an IPv6 address`);
    return { host, port: bracketed[2] === undefined ? null : portOf(bracketed[2], entry) };
  }
  if (IPV6.test(text) && text.split(":").length > 2) return { host: text, port: null };
  const colon = text.lastIndexOf(":");
  const host = colon === -1 ? text : text.slice(0, colon);
  const port = colon === -1 ? null : portOf(text.slice(colon + 1), entry);
  if (!IPV4.test(host) && !NAME.test(host))
    throw new HostEntryError(`'${entry}': not a host name or an IP address`);
  return { host: host.toLowerCase().replace(/\.$/, ""), port };
}

/** How an entry is written back (reports, docs). */
export function formatHostEntry(entry: HostEntry): string {
  const host = entry.host.includes(":") ? `[${entry.host}]` : entry.host;
  return entry.port === null ? host : `${host}:${entry.port}`;
}

/** The model provider's API hosts per agent adapter; a `command` agent names its own. */
const PROVIDER_HOSTS: Record<string, readonly string[]> = {
  claude: ["api.anthropic.com"],
  codex: ["api.openai.com", "chatgpt.com"],
  command: [],
};

/**
 * The allowlist when `agent_allowed_hosts` is not set: the agent's model API, the npm registry
 * (installs and `npx`) and loopback (an agent's tests start local servers; nothing of Ralph's
 * listens there).
 */
export function defaultAllowedHosts(agent: string): string[] {
  return [...(PROVIDER_HOSTS[agent] ?? []), "registry.npmjs.org", "localhost"];
}
