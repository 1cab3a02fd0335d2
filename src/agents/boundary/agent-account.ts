import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { findTool, type Privilege, runAsRoot } from "./privilege.js";

/** The agent's own OS account (DESIGN §7 rule 9): unprivileged, with a home of its own. */
export interface AgentAccount {
  user: string;
  uid: number;
  gid: number;
  home: string;
}

export class AgentAccountError extends Error {
  override readonly name = "AgentAccountError";
}

/** The account's line of /etc/passwd (`name:x:uid:gid:gecos:home:shell`), or null. */
export function passwdEntry(user: string, passwd = "/etc/passwd"): AgentAccount | null {
  let text: string;
  try {
    text = readFileSync(passwd, "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    const [name, , uid, gid, , home] = line.split(":");
    if (name === user && uid !== undefined && gid !== undefined && home !== undefined)
      return { user, uid: Number(uid), gid: Number(gid), home };
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The account, made when missing (`useradd`, or busybox `adduser` in Alpine images). useradd
 * refuses while another one holds the lock on /etc/passwd, so a refusal is retried briefly.
 */
export async function ensureAgentAccount(
  privilege: Privilege,
  user: string,
): Promise<AgentAccount> {
  const existing = passwdEntry(user);
  if (existing !== null) return checked(existing);
  const useradd = findTool("useradd");
  const adduser = findTool("adduser");
  if (useradd === null && adduser === null)
    throw new AgentAccountError(
      `the user ${user} does not exist and there is no useradd to make it`,
    );
  let last = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const made =
      useradd !== null
        ? await runAsRoot(privilege, useradd, [
            "--create-home",
            "--user-group",
            "--shell",
            "/bin/sh",
            "--comment",
            "Ralph's coding agent",
            user,
          ])
        : await runAsRoot(privilege, adduser ?? "adduser", ["-D", "-s", "/bin/sh", user]);
    const entry = passwdEntry(user);
    if (entry !== null) return checked(entry);
    last = made.stderr.trim();
    await sleep(200 * (attempt + 1));
  }
  throw new AgentAccountError(`could not create the user ${user}: ${last}`);
}

function checked(account: AgentAccount): AgentAccount {
  if (account.uid === 0 || account.uid === process.getuid?.())
    throw new AgentAccountError(
      `the user ${account.user} (uid ${account.uid}) is root or Ralph's own user: the agent needs an account of its own`,
    );
  return account;
}

/**
 * Files of the agent CLIs that hold their login (the model credentials are meant for the
 * agent), copied from Ralph's home when they exist there: keys in the environment reach the
 * agent anyway.
 */
export const MODEL_CREDENTIAL_FILES = [
  ".claude/.credentials.json",
  ".claude/settings.json",
  ".claude.json",
  ".codex/auth.json",
  ".codex/config.toml",
];

/**
 * The agent's home as the agent needs it: git trusts the workspace it does not own
 * (`safe.directory`), and the CLI finds its login.
 */
export async function prepareAgentHome(
  privilege: Privilege,
  account: AgentAccount,
  ralphHome: string | undefined,
): Promise<void> {
  if (!existsSync(account.home)) {
    const made = await runAsRoot(privilege, "install", [
      "-d",
      "-o",
      String(account.uid),
      "-g",
      String(account.gid),
      "-m",
      "700",
      account.home,
    ]);
    if (made.code !== 0)
      throw new AgentAccountError(`could not make ${account.home}: ${made.stderr.trim()}`);
  }
  const files = new Map<string, string | Buffer>([[".gitconfig", "[safe]\n\tdirectory = *\n"]]);
  for (const rel of ralphHome === undefined ? [] : MODEL_CREDENTIAL_FILES) {
    const from = join(ralphHome ?? "", rel);
    if (existsSync(from)) files.set(rel, readFileSync(from));
  }
  for (const [rel, content] of files) await putFile(privilege, account, rel, content);
}

/** Writes `rel` in the agent's home, owned by the agent, readable by it alone. */
async function putFile(
  privilege: Privilege,
  account: AgentAccount,
  rel: string,
  content: string | Buffer,
): Promise<void> {
  const dest = join(account.home, rel);
  if (privilege.kind === "root") {
    for (let dir = dirname(dest); relative(account.home, dir) !== ""; dir = dirname(dir)) {
      if (!existsSync(dir)) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      }
      chownSync(dir, account.uid, account.gid);
    }
    writeFileSync(dest, content, { mode: 0o600 });
    chownSync(dest, account.uid, account.gid);
    return;
  }
  const owner = ["-o", String(account.uid), "-g", String(account.gid)];
  if (dirname(dest) !== account.home)
    await runAsRoot(privilege, "install", ["-d", ...owner, "-m", "700", dirname(dest)]);
  const staging = await mkdtemp(join(tmpdir(), "ralph-agent-home-"));
  try {
    await writeFile(join(staging, "file"), content, { mode: 0o600 });
    const put = await runAsRoot(privilege, "install", [
      ...owner,
      "-m",
      "600",
      join(staging, "file"),
      dest,
    ]);
    if (put.code !== 0)
      throw new AgentAccountError(`could not write ${dest}: ${put.stderr.trim()}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
