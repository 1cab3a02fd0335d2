import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { formatHostEntry, parseHostEntry } from "../../core/agent-network.js";
import { AgentConfigError } from "../create-agent.js";
import type { ProcessBoundary } from "../process-boundary.js";
import type { RunAs } from "../process-tree.js";
import type { AccessBackend, Undo } from "./access.js";
import { undoAll } from "./access.js";
import { killAccountProcesses, reachableBy } from "./account-processes.js";
import { aclAccess, aclTools } from "./acl-access.js";
import { ensureAgentAccount, prepareAgentHome } from "./agent-account.js";
import { type Firewall, firewallTools, startFirewall } from "./firewall.js";
import { resolveHosts } from "./firewall-rules.js";
import { groupAccess } from "./group-access.js";
import * as say from "./notes.js";
import { ancestorsOf, pathsToClose, ralphPlaces } from "./places.js";
import { detectPrivilege, type Privilege } from "./privilege.js";

/** `agent_isolation: user` and no other user to be had: the step is refused with the reason. */
export class AgentBoundaryError extends AgentConfigError {}

export interface BoundarySettings {
  isolation: "auto" | "user" | "off";
  network: "open" | "allowlist";
  /** The allowlist, defaults already applied. */
  allowedHosts: readonly string[];
  /** The agent CLI the account must find on PATH (claude, codex); null for a command agent. */
  agentBinary: string | null;
}

export interface BoundaryContext {
  /** Ralph's environment: HOME, RUNNER_TEMP, GITHUB_WORKSPACE, RALPH_AGENT_USER, RALPH_IPTABLES. */
  env: NodeJS.ProcessEnv;
  workspace: string;
  log: (line: string) => void;
}

export interface AgentBoundary extends ProcessBoundary {
  readonly isolated: boolean;
  /** Warnings and blocked connections (status comment), plus how the agent ran (Step Summary). */
  notes(): say.BoundaryNotes;
  /** Ends the boundary: processes, firewall rules and closed places; the account stays. */
  close(): Promise<void>;
}

export const DEFAULT_AGENT_USER = "ralph-agent";

/**
 * The agent's boundary for one Action run (DESIGN §7 rule 9): its own OS account where Ralph is
 * root or has passwordless sudo, Ralph's places closed to it, and with `agent_network:
 * allowlist` a firewall for its uid. Where no account can be had, `auto` runs the agent as
 * Ralph's user and says so; `user` refuses (AgentBoundaryError).
 */
export async function openAgentBoundary(
  settings: BoundarySettings,
  ctx: BoundaryContext,
): Promise<AgentBoundary> {
  const network = settings.network === "allowlist";
  const unavailable = (reason: string): AgentBoundary => {
    if (settings.isolation === "user")
      throw new AgentBoundaryError(`agent_isolation is 'user', but ${reason}`);
    ctx.log(`the agent runs as Ralph's own user: ${reason}`);
    const warnings = [say.sameUserWarning(reason)];
    if (network) warnings.push(say.firewallWarning("it needs the agent as a user of its own"));
    return sameUserBoundary({ warnings, facts: network ? [] : [say.openNetworkFact()] });
  };
  if (settings.isolation === "off") return unavailable("`agent_isolation: off`");
  if (process.platform !== "linux") return unavailable(`the runner is ${process.platform}`);
  const privilege = await detectPrivilege();
  if (privilege === null) return unavailable("Ralph is not root and has no passwordless sudo");
  const undos: Undo[] = [];
  try {
    const account = await ensureAgentAccount(
      privilege,
      ctx.env.RALPH_AGENT_USER || DEFAULT_AGENT_USER,
    );
    const runAs: RunAs = {
      user: account.user,
      uid: account.uid,
      gid: account.gid,
      via: privilege.kind,
    };
    // As root, Ralph changes groups and modes itself; through sudo it needs ACLs for a user.
    const tools = privilege.kind === "sudo" ? aclTools(ctx.env) : null;
    if (privilege.kind === "sudo" && tools === null)
      return unavailable("there is no setfacl to open the workspace to another user (package acl)");
    const backend: AccessBackend =
      tools === null ? groupAccess(account) : aclAccess(privilege, account, tools);
    await prepareAgentHome(privilege, account, ctx.env.HOME || homedir());
    const env = { ...ctx.env, HOME: account.home };
    if (settings.agentBinary !== null && !(await reachableBy(runAs, settings.agentBinary, env)))
      return unavailable(
        `the user ${account.user} cannot run \`${settings.agentBinary}\` (installed under Ralph's home? install it where every user can read it)`,
      );
    const closed = pathsToClose(ralphPlaces(ctx.env, ctx.workspace), [ctx.workspace]);
    undos.push(await backend.close(closed));
    const boundary = new IsolatedBoundary(privilege, account, runAs, backend, closed, undos);
    if (network) await boundary.startFirewall(settings.allowedHosts, ctx);
    else boundary.facts.push(say.openNetworkFact());
    ctx.log(`the agent runs as ${account.user} (uid ${account.uid})`);
    return boundary;
  } catch (error) {
    if (error instanceof AgentBoundaryError) throw error;
    await undoAll(undos).catch(() => {});
    return unavailable(error instanceof Error ? error.message : String(error));
  }
}

function sameUserBoundary(notes: say.BoundaryNotes): AgentBoundary {
  return {
    isolated: false,
    runAs: undefined,
    environment: (env) => env,
    around: (_workspace, run) => run(),
    notes: () => notes,
    close: async () => {},
  };
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** The repository's shared git folder when `workspace` is a worktree (a parallel lane). */
function commonGitDir(workspace: string): string | null {
  const dotGit = join(workspace, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return null;
    const gitdir = resolve(
      workspace,
      readFileSync(dotGit, "utf8")
        .replace(/^gitdir:\s*/, "")
        .trim(),
    );
    const common = join(gitdir, "commondir");
    return existsSync(common) ? resolve(gitdir, readFileSync(common, "utf8").trim()) : gitdir;
  } catch {
    return null;
  }
}

/** Variables that point somewhere else than the agent's home or that it cannot read anyway. */
const RALPH_ONLY =
  /^(XDG_(CONFIG|CACHE|DATA|STATE|RUNTIME)_(HOME|DIR)|GIT_CONFIG_(GLOBAL|SYSTEM))$/;

class IsolatedBoundary implements AgentBoundary {
  readonly isolated = true;
  readonly facts: string[] = [];
  private readonly warnings: string[] = [];
  private blocked: string[] = [];
  private firewall: Firewall | null = null;
  private active = 0;
  private readonly opened = new Map<string, { count: number; undo: Promise<Undo> }>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly privilege: Privilege,
    private readonly account: { user: string; uid: number; home: string },
    readonly runAs: RunAs,
    private readonly backend: AccessBackend,
    private readonly closed: readonly string[],
    private readonly undos: Undo[],
  ) {
    this.facts.push(say.isolatedFact(account.user, account.uid, privilege, backend.kind));
  }

  async startFirewall(hosts: readonly string[], ctx: BoundaryContext): Promise<void> {
    try {
      const tools = firewallTools(ctx.env);
      const resolved = await resolveHosts(hosts.map(parseHostEntry));
      this.firewall = await startFirewall(
        this.privilege,
        this.account.uid,
        resolved.destinations,
        tools,
      );
      const shown = hosts.map((h) => formatHostEntry(parseHostEntry(h)));
      this.facts.push(say.allowlistFact(this.account.uid, shown, resolved.unresolved));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log(`the agent's firewall could not be set up: ${reason}`);
      this.warnings.push(say.firewallWarning(reason));
    }
  }

  environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const out: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined || RALPH_ONLY.test(name)) continue;
      if (isAbsolute(value) && this.closed.some((c) => inside(value, c))) continue;
      out[name] = value;
    }
    return { ...out, HOME: this.account.home, USER: this.account.user, LOGNAME: this.account.user };
  }

  /** Grants and undos one at a time: two lanes sharing the repository's git folder share its grant. */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(op, op);
    this.queue = next.catch(() => {});
    return next;
  }

  private acquire(path: string): Promise<unknown> {
    return this.serial(async () => {
      const held = this.opened.get(path);
      if (held !== undefined) {
        held.count += 1;
        return held.undo;
      }
      const undo = (async () => {
        const passage = await this.backend.traverse(ancestorsOf(path));
        try {
          const tree = await this.backend.openTree(path);
          return () => undoAll([passage, tree]);
        } catch (error) {
          await passage().catch(() => {});
          throw error;
        }
      })();
      this.opened.set(path, { count: 1, undo });
      undo.catch(() => this.opened.delete(path));
      return undo;
    });
  }

  private release(path: string): Promise<void> {
    return this.serial(async () => {
      const held = this.opened.get(path);
      if (held === undefined || --held.count > 0) return;
      this.opened.delete(path);
      await (await held.undo)();
    });
  }

  async around<T>(workspace: string, run: () => Promise<T>): Promise<T> {
    const common = commonGitDir(workspace);
    const targets = [workspace, ...(common !== null && !inside(common, workspace) ? [common] : [])];
    this.active += 1;
    try {
      for (const target of targets) await this.acquire(target);
      return await run();
    } finally {
      this.active -= 1;
      if (this.active === 0) await killAccountProcesses(this.privilege, this.account.uid);
      for (const target of targets) await this.release(target);
      if (this.firewall !== null)
        this.blocked = await this.firewall.blocked().catch(() => this.blocked);
    }
  }

  notes(): say.BoundaryNotes {
    const blocked = this.blocked.length > 0 ? [say.blockedWarning(this.blocked)] : [];
    return { warnings: [...this.warnings, ...blocked], facts: this.facts };
  }

  async close(): Promise<void> {
    await killAccountProcesses(this.privilege, this.account.uid);
    if (this.firewall !== null) {
      this.blocked = await this.firewall.blocked().catch(() => this.blocked);
      await this.firewall.stop();
      this.firewall = null;
    }
    await undoAll(this.undos.splice(0));
  }
}
