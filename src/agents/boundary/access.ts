import type { Stats } from "node:fs";
import type { AgentAccount } from "./agent-account.js";

/** Takes back what one grant gave. */
export type Undo = () => Promise<void>;

/**
 * How the agent's account gets into the workspace and is kept out of Ralph's places. Two ways,
 * both undone exactly: POSIX ACLs for a named user (`setfacl`, through sudo on GitHub-hosted
 * runners), or, when Ralph is root without `setfacl` (a container), the account's own group and
 * group permission bits, each entry's previous owner, group and mode recorded and put back.
 */
export interface AccessBackend {
  readonly kind: "acl" | "group";
  /** Read and write on the whole tree (symbolic links are never followed). */
  openTree(root: string): Promise<Undo>;
  /** Passage (x) through these directories, for those the account could not pass. */
  traverse(dirs: readonly string[]): Promise<Undo>;
  /** No access at all for the account. */
  close(paths: readonly string[]): Promise<Undo>;
}

export class AccessError extends Error {
  override readonly name = "AccessError";
}

/** The permission bits (rwx as 0-7) the account gets on an entry from its mode alone. */
export function bitsFor(account: AgentAccount, info: Stats): number {
  if (info.uid === account.uid) return (info.mode >> 6) & 7;
  if (info.gid === account.gid) return (info.mode >> 3) & 7;
  return info.mode & 7;
}

/** Runs the undos in reverse order of the grants; every one runs even if one fails. */
export async function undoAll(undos: readonly Undo[]): Promise<void> {
  const errors: string[] = [];
  for (const undo of [...undos].reverse()) {
    try {
      await undo();
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (errors.length > 0) throw new AccessError(errors.join("; "));
}
