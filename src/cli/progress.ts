import type { Agent, AgentRunRequest, AgentRunResult, Clock } from "../agents/types.js";
import type { CliIo } from "./io.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const CLEAR_LINE = "\r\x1b[2K";

/** `1:05` for 65 s: how long the current agent run has been going. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, "0")}`;
}

/** `implement US-1 · attempt 2` from the request's role and RALPH_* variables. */
export function runLabel(request: Pick<AgentRunRequest, "role" | "env">): string {
  const story = request.env.RALPH_STORY_ID;
  const attempt = request.env.RALPH_ATTEMPT;
  return [
    `${request.role}${story ? ` ${story}` : ""}`,
    ...(attempt && request.role !== "plan" ? [`attempt ${attempt}`] : []),
  ].join(" · ");
}

interface ActiveRun {
  label: string;
  startedMs: number;
  last: string;
}

/**
 * What the CLI shows while an agent works. On a terminal: one spinner line with the phase, story,
 * attempt, elapsed time and the agent's latest words, redrawn in place (log lines print above
 * it). Otherwise (a pipe, CI): the agent's output streamed line by line, indented under the
 * step that runs it. Either way the user sees that something is happening and what.
 */
export class ProgressReporter {
  private active: ActiveRun | null = null;
  private frame = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly tty: boolean;
  private readonly clock: Clock;

  constructor(
    private readonly io: CliIo,
    private readonly intervalMs = 120,
  ) {
    this.tty = io.stdoutIsTTY === true && io.write !== undefined && io.env.TERM !== "dumb";
    this.clock = io.clock;
  }

  /** A log line of Ralph's own: printed above the spinner, which is then redrawn. */
  line(text: string): void {
    if (this.tty && this.active) this.io.write?.(CLEAR_LINE);
    this.io.out(text);
    if (this.tty && this.active) this.draw();
  }

  /** The agent, reporting each run's progress here. */
  wrap(agent: Agent): Agent {
    return {
      name: agent.name,
      run: async (request: AgentRunRequest): Promise<AgentRunResult> => {
        this.start(runLabel(request));
        try {
          return await agent.run({ ...request, onOutput: (line) => this.output(line) });
        } finally {
          this.stop();
        }
      },
    };
  }

  private start(label: string): void {
    this.active = { label, startedMs: this.clock.now().getTime(), last: "" };
    if (!this.tty) return;
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  private output(line: string): void {
    if (this.active === null) return;
    // The spinner line shows the words; the streamed lines keep their indentation.
    this.active.last = line.trim();
    if (!this.tty) this.io.out(`    │ ${line}`);
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    if (this.tty && this.active) this.io.write?.(CLEAR_LINE);
    this.active = null;
  }

  private draw(): void {
    const run = this.active;
    if (run === null) return;
    this.frame = (this.frame + 1) % FRAMES.length;
    const elapsed = formatElapsed(this.clock.now().getTime() - run.startedMs);
    const head = `${FRAMES[this.frame]} ${run.label} · ${elapsed}`;
    const width = Math.max(20, (this.io.columns ?? 80) - 1);
    const text = run.last === "" ? head : `${head} · ${run.last}`;
    this.io.write?.(`${CLEAR_LINE}${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
  }
}
