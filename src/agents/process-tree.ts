import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Finding and signalling everything one agent run started (FIELD-NOTES "Stopping a process tree
 * on Linux"): the leader's process group, its descendants by parent link, and every process that
 * carries the run's marker in its environment, also after `setsid` and a double fork.
 */

/** The environment variable that marks every process of one run (FIELD-NOTES). */
export const RUN_ID_VARIABLE = "RALPH_RUN_ID";

/**
 * Another user the run's processes belong to (the agent's own account, DESIGN §7 rule 9). Ralph
 * as root reads their `/proc/<pid>/environ` and signals them itself; Ralph with sudo cannot, so
 * each pass runs as root through `sudo -n`.
 */
export interface RunAs {
  user: string;
  uid: number;
  gid: number;
  /** `root`: Ralph is root and starts the agent with spawn's uid/gid; `sudo`: through sudo. */
  via: "root" | "sudo";
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: already gone; EPERM: not ours.
  }
}

function procPids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return []; // no /proc (macOS): the process group is all there is
  }
}

/** Descendants of `root` by parent links in /proc (misses orphans that were re-parented). */
function descendantsOf(root: number, pids: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so split after the last `)`.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/**
 * Processes whose environment carries this run's marker: found even after `setsid` and a double
 * fork re-parented them to init, which parent links and process groups cannot see. Readable are
 * the processes of Ralph's own user, or all of them when Ralph is root.
 */
function markedPids(runId: string, pids: readonly number[]): number[] {
  const needle = Buffer.from(`${RUN_ID_VARIABLE}=${runId}\0`);
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`).includes(needle);
    } catch {
      return false;
    }
  });
}

/**
 * The same pass as root, for an agent started through sudo: the group, then every process whose
 * environment holds the marker (one `grep` over all of /proc, not a process per pid).
 */
const SUDO_KILL_SCRIPT = [
  'sig="$1"; leader="$2"; marker="$3"',
  'kill -s "$sig" -- "-$leader" 2>/dev/null',
  'for f in $(grep -lzx -- "$marker" /proc/[0-9]*/environ 2>/dev/null); do',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS.
  '  p="${f#/proc/}"; kill -s "$sig" "${p%/environ}" 2>/dev/null',
  "done",
  "exit 0",
].join("\n");

function killAsRoot(leader: number, runId: string, signal: NodeJS.Signals): void {
  spawnSync(
    "sudo",
    [
      "-n",
      "sh",
      "-c",
      SUDO_KILL_SCRIPT,
      "sh",
      signal.replace(/^SIG/, ""),
      String(leader),
      `${RUN_ID_VARIABLE}=${runId}`,
    ],
    { stdio: "ignore", timeout: 10_000 },
  );
}

/**
 * Signals everything the run started: the leader's process group, its descendants by parent
 * link, and every process that carries the run's marker (those in new sessions too). Each pass
 * is a snapshot; the caller repeats it, so a process forked meanwhile is caught by the next.
 */
export function killTree(
  leader: number,
  runId: string,
  signal: NodeJS.Signals,
  runAs?: RunAs,
  options: { leaderReaped?: boolean } = {},
): number {
  try {
    process.kill(-leader, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
  const pids = procPids();
  // A leader that exited and was reaped has no children: the kernel re-parented them as it
  // exited, so parent links lead nowhere (or, were its pid reused, to a stranger's children) and
  // only the group and the marker find them. Skipping the parent links then halves the pass: every
  // agent run ends with two, each reading every process's files.
  const descendants = options.leaderReaped ? [] : descendantsOf(leader, pids);
  const targets = new Set([...descendants, ...markedPids(runId, pids)]);
  for (const pid of targets) signalPid(pid, signal);
  if (runAs?.via === "sudo") killAsRoot(leader, runId, signal);
  return targets.size;
}

/** Runs still alive, killed (whole tree) if Ralph itself exits first: no orphaned agents. */
const liveRuns = new Map<number, { runId: string; runAs: RunAs | undefined }>();
let exitHookInstalled = false;

export function trackRun(pid: number, runId: string, runAs: RunAs | undefined): void {
  liveRuns.set(pid, { runId, runAs });
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const [leader, run] of liveRuns) killTree(leader, run.runId, "SIGKILL", run.runAs);
  });
}

export function untrackRun(pid: number): void {
  liveRuns.delete(pid);
}
