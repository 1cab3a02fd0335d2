#!/usr/bin/env node
// Wraps the scripted agent of the Action tests: saves each prompt (stdin) as
// `<dir>/<nnn>-<RALPH_PHASE>.txt`, then runs `node <agent> <args...>` with the same prompt, so a
// test can read exactly what a step told its agent.
// Usage (agent-command): node recording-agent.mjs <dir> <agent.mjs> [agent args...]
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [dir, agent, ...rest] = process.argv.slice(2);
const prompt = readFileSync(0, "utf8");
const n = String(readdirSync(dir).length + 1).padStart(3, "0");
writeFileSync(join(dir, `${n}-${process.env.RALPH_PHASE}.txt`), prompt);
const run = spawnSync(process.execPath, [agent, ...rest], {
  input: prompt,
  stdio: ["pipe", "inherit", "inherit"],
});
process.exit(run.status ?? 1);
