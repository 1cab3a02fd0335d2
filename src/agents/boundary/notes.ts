import type { Privilege } from "./privilege.js";

/** What the Step Summary and the status comment say about the agent's boundary. */
export interface BoundaryNotes {
  /** Warnings and blocked connections: for the status comment and the Step Summary. */
  warnings: string[];
  /** How the agent ran and what it could reach: for the Step Summary. */
  facts: string[];
}

export function sameUserWarning(reason: string): string {
  return `⚠️ The agent ran as Ralph's own user (${reason}): it could read the GitHub token from Ralph's process (\`/proc/<pid>/environ\`), the checkout's git credentials and Ralph's files. Give Ralph passwordless sudo, or run the job as root in a container, for \`agent_isolation: auto\` to run it as a user of its own.`;
}

export function isolatedFact(
  user: string,
  uid: number,
  privilege: Privilege,
  access: "acl" | "group",
): string {
  const how = privilege.kind === "root" ? "started by Ralph as root" : "started through sudo";
  const open = access === "acl" ? "ACLs" : "its group's permissions";
  return `The agent ran as the user \`${user}\` (uid ${uid}, ${how}), not as Ralph's user: the workspace was opened to it with ${open} for each run and taken back after; Ralph's process, home, \`$RUNNER_TEMP\` and the runner's work folder were out of its reach, and the checkout's git credentials were taken out while it ran. No GitHub credential was in its reach.`;
}

export function openNetworkFact(): string {
  return "Egress: open (`agent_network: open`): the agent could connect anywhere.";
}

export function allowlistFact(uid: number, hosts: readonly string[], unresolved: string[]): string {
  const missing =
    unresolved.length === 0
      ? ""
      : ` Not resolved, so not allowed: ${unresolved.map((h) => `\`${h}\``).join(", ")}.`;
  return `Egress: allowlist, enforced with iptables for uid ${uid}: ${hosts.map((h) => `\`${h}\``).join(", ")} (and DNS).${missing}`;
}

export function firewallWarning(reason: string): string {
  return `⚠️ \`agent_network: allowlist\` is NOT enforced (${reason}): the agent's connections were not restricted.`;
}

export function blockedWarning(blocked: readonly string[]): string {
  const shown = blocked.slice(0, 30).map((b) => `\`${b}\``);
  const more = blocked.length > 30 ? ` and ${blocked.length - 30} more` : "";
  return `Blocked connections from the agent (\`agent_network: allowlist\`): ${shown.join(", ")}${more}. Add a host to \`agent_allowed_hosts\` if the agent needs it.`;
}
