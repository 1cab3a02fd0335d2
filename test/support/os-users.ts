/**
 * OS accounts for the tests of the agent's boundary (the machine runs the tests as root): a
 * unique name per test (parallel files and other checkouts never collide), removed with its home
 * and group afterwards, its processes ended first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

/** Whether the tests may make OS users: root on Linux with useradd. */
export const CAN_MAKE_USERS =
  process.platform === "linux" &&
  process.getuid?.() === 0 &&
  spawnSync("sh", ["-c", "command -v useradd && command -v userdel"]).status === 0;

export function uniqueUserName(prefix = "ralph-t"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
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
