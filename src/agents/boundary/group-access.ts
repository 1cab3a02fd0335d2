import { chmodSync, lchownSync, lstatSync, readdirSync, type Stats } from "node:fs";
import { join } from "node:path";
import { type AccessBackend, bitsFor, type Undo } from "./access.js";
import type { AgentAccount } from "./agent-account.js";

interface Recorded {
  uid: number;
  gid: number;
  /** The permission bits the grant added (removed again, whatever else changed since). */
  added: number;
}

/** Every entry of a tree by lstat, depth first, never through a symbolic link. */
function walk(root: string, visit: (path: string, info: Stats) => void): void {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    let info: Stats;
    try {
      info = lstatSync(path);
    } catch {
      continue; // gone meanwhile
    }
    visit(path, info);
    if (!info.isDirectory()) continue;
    try {
      for (const name of readdirSync(path)) stack.push(join(path, name));
    } catch {
      // unreadable: left as it is
    }
  }
}

function setMode(path: string, info: Stats, mode: number): void {
  if (!info.isSymbolicLink() && (info.mode & 0o7777) !== mode) chmodSync(path, mode);
}

function setOwner(path: string, info: Stats, uid: number, gid: number): void {
  if (info.uid !== uid || info.gid !== gid) lchownSync(path, uid, gid);
}

/**
 * Ralph is root and has no `setfacl`: the tree is given to the agent's group (owners unchanged,
 * so git's ownership checks still see Ralph's checkout) with group read and write, and passage
 * on directories. Undo puts back each entry's group and removes exactly the bits it added; what
 * the agent made is handed to the tree's owner.
 */
export function groupAccess(account: AgentAccount): AccessBackend {
  return {
    kind: "group",
    async openTree(root) {
      const owner = lstatSync(root);
      const recorded = new Map<string, Recorded>();
      walk(root, (path, info) => {
        if (info.isSymbolicLink()) return;
        const passage = info.isDirectory() || info.mode & 0o100 ? 0o010 : 0;
        const mode = info.mode & 0o7777;
        const added = (0o060 | passage) & ~mode;
        recorded.set(path, { uid: info.uid, gid: info.gid, added });
        setOwner(path, info, info.uid, account.gid);
        setMode(path, info, mode | added);
      });
      return async () => {
        walk(root, (path, info) => {
          const was = recorded.get(path);
          const uid = info.uid === account.uid ? (was?.uid ?? owner.uid) : info.uid;
          const gid = info.gid === account.gid ? (was?.gid ?? owner.gid) : info.gid;
          setOwner(path, info, uid, gid);
          if (was !== undefined) setMode(path, info, info.mode & 0o7777 & ~was.added);
        });
      };
    },
    async traverse(dirs) {
      const undos: Undo[] = [];
      for (const dir of dirs) {
        const info = lstatSync(dir);
        if (bitsFor(account, info) & 1) continue;
        const mode = info.mode & 0o7777;
        setOwner(dir, info, info.uid, account.gid);
        chmodSync(dir, mode | 0o010);
        undos.push(async () => {
          lchownSync(dir, info.uid, info.gid);
          chmodSync(dir, mode);
        });
      }
      return async () => {
        for (const undo of undos.reverse()) await undo();
      };
    },
    async close(paths) {
      const undos: Undo[] = [];
      for (const path of paths) {
        const info = lstatSync(path);
        if (info.isSymbolicLink() || bitsFor(account, info) === 0) continue;
        const mode = info.mode & 0o7777;
        // The account is "other" here (it owns nothing of Ralph's and is in none of its groups).
        chmodSync(path, mode & ~0o007);
        undos.push(async () => {
          const now = lstatSync(path).mode & 0o7777;
          chmodSync(path, now | (mode & 0o007));
        });
      }
      return async () => {
        for (const undo of undos.reverse()) await undo();
      };
    },
  };
}
