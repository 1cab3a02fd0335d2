/**
 * OS accounts for the tests of the agent's boundary (the machine runs the tests as root): a
 * unique name per test (parallel files and other checkouts never collide), removed with its home
 * and group afterwards, its processes ended first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { onTestFinished } from "vitest";

/** Whether the tests may make OS users: root on Linux with useradd. */
export const CAN_MAKE_USERS =
  process.platform === "linux" &&
  process.getuid?.() === 0 &&
  spawnSync("sh", ["-c", "command -v useradd && command -v userdel"]).status === 0;

export function uniqueUserName(prefix = "ralph-t"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A unique name for the agent's account in one test (RALPH_AGENT_USER), removed when it ends. */
export function agentUserForTest(): string {
  const name = uniqueUserName();
  onTestFinished(() => removeUser(name));
  return name;
}

/** Ends the user's processes and removes it, its home and its group (if it exists). */
export function removeUser(name: string): void {
  spawnSync("pkill", ["-KILL", "-u", name]);
  spawnSync("userdel", ["--remove", name], { stdio: "ignore" });
  spawnSync("groupdel", [name], { stdio: "ignore" });
}

/** The uid of an existing user. */
export function uidOf(name: string): number {
  return Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
}

/** Whether the tests can also play a GitHub-hosted runner: sudo and setfacl are installed. */
export const CAN_PLAY_HOSTED_RUNNER =
  CAN_MAKE_USERS &&
  spawnSync("sh", ["-c", "command -v sudo && command -v setfacl && command -v setpriv"]).status ===
    0;

export interface RunnerUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
  /** `wrap` for runAction: the action runs as this user (its environment unchanged). */
  wrap(file: string, args: string[]): { file: string; args: string[] };
}

/**
 * A user like GitHub-hosted runners' `runner`: its own home, and with `sudo` passwordless sudo
 * (a sudoers.d entry, removed with the user by `removeRunnerUser`).
 */
export function makeRunnerUser(options: { sudo: boolean }): RunnerUser {
  const name = uniqueUserName("ralph-r");
  execFileSync("useradd", ["--create-home", "--user-group", "--shell", "/bin/sh", name]);
  if (options.sudo) {
    const file = `/etc/sudoers.d/${name}`;
    execFileSync("sh", [
      "-c",
      `umask 0226 && printf '%s ALL=(ALL) NOPASSWD:ALL\\n' "$1" > "$2"`,
      "sh",
      name,
      file,
    ]);
  }
  const uid = uidOf(name);
  const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
  return {
    name,
    uid,
    gid,
    home: `/home/${name}`,
    wrap: (file, args) => ({
      file: "setpriv",
      args: ["--reuid", String(uid), "--regid", String(gid), "--init-groups", "--", file, ...args],
    }),
  };
}

export function removeRunnerUser(user: RunnerUser): void {
  spawnSync("rm", ["-f", `/etc/sudoers.d/${user.name}`]);
  removeUser(user.name);
}
