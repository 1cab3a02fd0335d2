import { lstatSync } from "node:fs";
import { type AccessBackend, AccessError, bitsFor, type Undo } from "./access.js";
import type { AgentAccount } from "./agent-account.js";
import { findTool, type Privilege, runAsRoot } from "./privilege.js";

export interface AclTools {
  setfacl: string;
  getfacl: string;
  chown: string;
}

/** setfacl, getfacl and chown, or null when the runner has no ACL tools. */
export function aclTools(env: NodeJS.ProcessEnv): AclTools | null {
  const setfacl = findTool("setfacl", env);
  const getfacl = findTool("getfacl", env);
  const chown = findTool("chown", env);
  return setfacl && getfacl && chown ? { setfacl, getfacl, chown } : null;
}

/**
 * POSIX ACLs for the agent's account (FIELD-NOTES: `setfacl -R -m u:<user>:rwX`), run as root or
 * through sudo. Default entries let the agent (and, through sudo, Ralph's own user) write in what
 * either of them makes while a run lasts. Undo hands what the agent made to the tree's owner
 * (`chown --from`, never through a link) and removes the entries: every ACL when the paths had
 * none before, else only the agent's.
 */
export function aclAccess(
  privilege: Privilege,
  account: AgentAccount,
  tools: AclTools,
): AccessBackend {
  const ralph = process.getuid?.() ?? 0;
  const run = async (file: string, args: string[], what: string) => {
    const result = await runAsRoot(privilege, file, args);
    if (result.code !== 0) throw new AccessError(`${what}: ${result.stderr.trim()}`);
    return result.stdout;
  };
  /** The paths (of `paths`, or in their trees) that carry an ACL beyond the mode bits. */
  const extended = async (paths: readonly string[], recursive: boolean) => {
    const out = await run(
      tools.getfacl,
      ["--skip-base", "--absolute-names", ...(recursive ? ["-R", "-P"] : []), "--", ...paths],
      "getfacl",
    );
    return new Set([...out.matchAll(/^# file: (.*)$/gm)].map((m) => m[1] ?? ""));
  };
  /** Removes the agent's entries from `paths`: every ACL where there was none before. */
  const removeEntries = async (paths: readonly string[], had: Set<string>, entries: string) => {
    const bare = paths.filter((p) => !had.has(p));
    const kept = paths.filter((p) => had.has(p));
    if (bare.length > 0) await run(tools.setfacl, ["-b", "--", ...bare], "setfacl -b");
    if (kept.length > 0) await run(tools.setfacl, ["-x", entries, "--", ...kept], "setfacl -x");
  };
  const single = async (paths: readonly string[], perms: string): Promise<Undo> => {
    if (paths.length === 0) return async () => {};
    const had = await extended(paths, false);
    await run(tools.setfacl, ["-m", `u:${account.uid}:${perms}`, "--", ...paths], "setfacl -m");
    return () => removeEntries(paths, had, `u:${account.uid}`);
  };
  return {
    kind: "acl",
    async openTree(root) {
      const owner = lstatSync(root);
      const had = await extended([root], true);
      const entries = [
        `u:${account.uid}:rwX`,
        `d:u:${account.uid}:rwX`,
        ...(privilege.kind === "sudo" ? [`d:u:${ralph}:rwX`] : []),
      ];
      await run(tools.setfacl, ["-R", "-P", "-m", entries.join(","), "--", root], "setfacl -R");
      return async () => {
        await run(
          tools.chown,
          ["-R", "-P", `--from=${account.uid}`, `${owner.uid}:${owner.gid}`, "--", root],
          "chown -R",
        );
        if (had.size === 0) await run(tools.setfacl, ["-R", "-P", "-b", "--", root], "setfacl -b");
        else
          await run(
            tools.setfacl,
            ["-R", "-P", "-x", entries.map((e) => e.replace(/:[rwX]+$/, "")).join(","), "--", root],
            "setfacl -x",
          );
      };
    },
    traverse(dirs) {
      return single(
        dirs.filter((dir) => !(bitsFor(account, lstatSync(dir)) & 1)),
        "--x",
      );
    },
    close(paths) {
      return single(
        paths.filter((path) => !lstatSync(path).isSymbolicLink()),
        "---",
      );
    },
  };
}
