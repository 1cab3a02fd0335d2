import { type AgentBoundary, openAgentBoundary } from "../agents/boundary/agent-boundary.js";
import type { BoundaryNotes } from "../agents/boundary/notes.js";
import { agentBinaryOf } from "../agents/create-agent.js";
import type { ProcessBoundary } from "../agents/process-boundary.js";
import { defaultAllowedHosts } from "../core/agent-network.js";
import type { RalphConfig } from "../core/config.js";

/**
 * The agent's boundary for this Action run (DESIGN §7 rule 9), opened before the first agent
 * step and closed when the run ends: the agent's account, Ralph's places closed to it, its
 * firewall, and the git credentials taken out of the checkouts (put back at the end).
 */
export class BoundaryHost {
  private current: AgentBoundary | null = null;
  private opening: Promise<AgentBoundary> | null = null;
  private key = "";
  private readonly restores: (() => Promise<void>)[] = [];
  private last: BoundaryNotes = { warnings: [], facts: [] };

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (line: string) => void,
  ) {}

  /** The boundary for `config` (another issue's different settings replace it). */
  async open(config: RalphConfig, workspace: string): Promise<AgentBoundary> {
    const settings = {
      isolation: config.agent_isolation,
      network: config.agent_network,
      allowedHosts: config.agent_allowed_hosts ?? defaultAllowedHosts(config.agent),
      agentBinary: agentBinaryOf(config, this.env),
    };
    const key = JSON.stringify(settings);
    if (this.opening !== null && key === this.key) return this.opening;
    if (this.opening !== null) await this.close();
    this.key = key;
    this.opening = openAgentBoundary(settings, { env: this.env, workspace, log: this.log });
    this.opening.catch(() => {
      this.opening = null;
    });
    this.current = await this.opening;
    return this.current;
  }

  /** Called with how to put back what was taken from a checkout (its git credentials). */
  onClose(restore: () => Promise<void>): void {
    this.restores.push(restore);
  }

  /**
   * Where agents and checks run: the boundary opened last (prepareStep opens it before every
   * step). Nothing runs outside one: an agent process before it was opened is a bug, refused.
   */
  readonly processes: ProcessBoundary = ((host: BoundaryHost) => ({
    get runAs() {
      return host.current?.runAs;
    },
    environment: (env: NodeJS.ProcessEnv) => host.current?.environment(env) ?? env,
    around: <T>(workspace: string, run: () => Promise<T>) => {
      if (host.current === null)
        return Promise.reject(new Error("an agent process was started before its boundary"));
      return host.current.around(workspace, run);
    },
  }))(this);

  notes(): BoundaryNotes {
    return this.current?.notes() ?? this.last;
  }

  async close(): Promise<void> {
    const boundary = this.current;
    this.current = null;
    this.opening = null;
    try {
      if (boundary !== null) {
        await boundary.close();
        this.last = boundary.notes();
      }
    } finally {
      for (const restore of this.restores.splice(0)) await restore();
    }
  }
}
