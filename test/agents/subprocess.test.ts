import { describe, expect, it } from "vitest";
import {
  outputTail,
  runSubprocess,
  type SubprocessOptions,
  SubprocessSpawnError,
} from "../../src/agents/subprocess.js";
import { tempDir } from "../support/temp.js";
import {
  childPidFrom,
  deadlineAtChildPid,
  fixture,
  isAlive,
  NO_DEADLINE,
  untilGone,
} from "./helpers.js";

const node = process.execPath;

/** `node <args>` in `dir`, with this process's environment and nothing on stdin. */
const runNode = (
  dir: string,
  args: string[],
  options: { timeoutMs: number } & Partial<SubprocessOptions>,
) => runSubprocess({ file: node, args, cwd: dir, env: process.env, stdin: "", ...options });

/**
 * `node <args>` whose deadline the test fires itself: when `hang` is set, once the fixture has
 * printed the pid it means (its child is running); otherwise never (the run ends on its own).
 */
const runNodeUntil = (
  dir: string,
  args: string[],
  hang: boolean,
  options: Partial<SubprocessOptions> = {},
) =>
  runNode(dir, args, {
    timeoutMs: 0,
    ...(hang ? deadlineAtChildPid() : { deadline: NO_DEADLINE }),
    ...options,
  });

describe("runSubprocess", () => {
  it("passes stdin, captures stdout, stderr and the exit code", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runSubprocess({
      file: node,
      args: [fixture("echo-env.mjs"), "a b", "$(c)"],
      cwd: dir,
      env: { ...process.env, RALPH_X: "1" },
      stdin: "héllo\n`rm -rf /`\n",
      timeoutMs: 20_000,
    });
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    expect(result.aborted).toBe(false);
    expect(result.stderr).toBe("echo-env: stderr line\n");
    const echoed = JSON.parse(result.stdout);
    expect(echoed.stdin).toBe("héllo\n`rm -rf /`\n");
    expect(echoed.argv).toEqual(["a b", "$(c)"]);
    expect(echoed.env.RALPH_X).toBe("1");
  });

  it("reports a non-zero exit", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runNode(dir, [fixture("exit-nonzero.mjs")], {
      timeoutMs: 20_000,
    });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe("partial work\n");
    expect(result.stderr).toBe("something broke\n");
  });

  it("kills the whole process group at the timeout, children included", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runNodeUntil(dir, [fixture("hang-with-child.mjs")], true, {
      killGraceMs: 10_000,
    });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.exitSignal).toBe("SIGTERM");
    const child = childPidFrom(result.stdout);
    await untilGone(child);
  });

  it("escalates to SIGKILL when the group ignores SIGTERM", async () => {
    const dir = tempDir("ralph-agents-");
    // The deadline fires once the leader has printed the pid, after it set SIGTERM aside.
    const result = await runNodeUntil(
      dir,
      [fixture("hang-with-child.mjs"), "--ignore-term"],
      true,
      {
        killGraceMs: 300,
        // The run ends when the killed group's pipes close, which Node reports after the leader's
        // exit. With the default 1 s drain, a worker kept off the CPU that long after the SIGKILL
        // (beside two busy loops) ran the drain timer before it saw the exit: no exit signal.
        drainMs: 120_000,
      },
    );
    expect(result.timedOut).toBe(true);
    expect(result.exitSignal).toBe("SIGKILL");
    // SIGKILL is delivered at once but the kernel takes a moment to end a process on a busy
    // machine: poll instead of sampling once.
    const child = childPidFrom(result.stdout);
    await untilGone(child);
  });

  it.each([
    ["the leader exits on its own", []],
    ["the leader is killed at the timeout", ["--hang"]],
  ])(
    "no straggler outlives the run when %s (even one that ignores SIGTERM and holds no pipe)",
    async (_label, args) => {
      const dir = tempDir("ralph-agents-");
      const hang = args.includes("--hang");
      const result = await runNodeUntil(dir, [fixture("leave-straggler.mjs"), ...args], hang, {
        killGraceMs: 10_000,
      });
      expect(result.timedOut).toBe(hang);
      const child = childPidFrom(result.stdout);
      try {
        // The kill is sent before the run resolves; the kernel needs a moment to end it.
        await untilGone(child);
      } finally {
        if (isAlive(child)) process.kill(child, "SIGKILL");
      }
    },
  );

  // DESIGN §4.5: a phase ends at its deadline whatever the agent's descendants do, also those in
  // a new session (`setsid`) or re-parented to init by a double fork, which still hold stdout.
  it.each([
    ["a setsid child holds stdout after the leader exits", []],
    ["a setsid child holds stdout and the leader hangs past the timeout", ["--hang"]],
    ["a double-forked, re-parented grandchild holds stdout", ["--double"]],
    ["a re-parented grandchild holds stdout and the leader hangs", ["--double", "--hang"]],
  ])("ends the run and kills the escaped descendant when %s", async (_label, args) => {
    const dir = tempDir("ralph-agents-");
    const hang = args.includes("--hang");
    const result = await runNodeUntil(dir, [fixture("setsid-child.mjs"), ...args], hang, {
      killGraceMs: 300,
      drainMs: 300,
    });
    const child = childPidFrom(result.stdout);
    try {
      expect(result.timedOut).toBe(hang);
      await untilGone(child);
    } finally {
      if (isAlive(child)) process.kill(child, "SIGKILL");
    }
  });

  it("stops the group when the AbortSignal fires", async () => {
    const dir = tempDir("ralph-agents-");
    // Aborted once the child is running (the same event the deadline tests wait for).
    const { deadline: signal, onStdout } = deadlineAtChildPid();
    const result = await runNodeUntil(dir, [fixture("hang-with-child.mjs")], false, {
      signal,
      onStdout,
    });
    expect(result.aborted).toBe(true);
    expect(result.timedOut).toBe(false);
    await untilGone(childPidFrom(result.stdout));
  });

  // The product's own deadline: the real timer from timeoutMs. Nothing here depends on when it
  // fires: the process cannot end on its own and SIGTERM ends it whether or not it has started.
  it("times out on the real timer from timeoutMs when no deadline is injected", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runNode(dir, ["-e", "setInterval(() => {}, 1000)"], {
      timeoutMs: 1000,
      killGraceMs: 10_000,
    });
    expect(result).toMatchObject({ timedOut: true, aborted: false, exitSignal: "SIGTERM" });
  });

  it("does not start at all when the signal is already aborted", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runNode(dir, [fixture("echo-env.mjs")], {
      timeoutMs: 1000,
      signal: AbortSignal.abort(),
    });
    expect(result).toMatchObject({ aborted: true, pid: null, exitCode: null, stdout: "" });
  });

  it("rejects with SubprocessSpawnError for a missing executable", async () => {
    const dir = tempDir("ralph-agents-");
    await expect(
      runSubprocess({
        file: `${dir}/no-such-binary`,
        args: [],
        cwd: dir,
        env: process.env,
        stdin: "x",
        timeoutMs: 1000,
      }),
    ).rejects.toBeInstanceOf(SubprocessSpawnError);
  });

  it("keeps the tail of oversized output", async () => {
    const dir = tempDir("ralph-agents-");
    const result = await runNode(
      dir,
      ["-e", "for (let i = 0; i < 2000; i++) console.log('line ' + i)"],
      {
        timeoutMs: 20_000,
        maxOutputBytes: 1000,
      },
    );
    expect(Buffer.byteLength(result.stdout)).toBe(1000);
    expect(result.stdout.endsWith("line 1999\n")).toBe(true);
    expect(result.droppedBytes.stdout).toBeGreaterThan(0);
  });
});

describe("outputTail", () => {
  it.each([
    ["a\nb\nc\n\n", 2, "b\nc"],
    ["a\r\nb", 5, "a\nb"],
    ["", 3, ""],
  ])("outputTail(%j, %i)", (text, n, expected) => {
    expect(outputTail(text, n)).toBe(expected);
  });
});
