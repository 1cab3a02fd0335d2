import type { Permission } from "../core/events.js";
import { type GitHubContext, isNotFound, repoParams } from "./client.js";

const KNOWN: readonly Permission[] = ["admin", "maintain", "write", "triage", "read", "none"];

interface PermissionResponse {
  permission?: string;
  role_name?: string;
}

/**
 * `role_name` has the exact role (maintain, triage); `permission` folds those into write/read.
 * Custom roles fall back to `permission`.
 */
export function toPermission(data: PermissionResponse): Permission {
  const role = data.role_name as Permission | undefined;
  if (role && KNOWN.includes(role)) return role;
  const permission = data.permission as Permission | undefined;
  if (permission && KNOWN.includes(permission)) return permission;
  return "none";
}

export type PermissionResolver = (login: string) => Promise<Permission>;

/**
 * Collaborator permission from the API (DESIGN §7.1; never `author_association`), cached in a
 * Map: create one resolver per reconcile so a permission change is seen at the next event.
 */
export function createPermissionResolver(gh: GitHubContext): PermissionResolver {
  const cache = new Map<string, Promise<Permission>>();
  return (login) => {
    const key = login.toLowerCase();
    let pending = cache.get(key);
    if (!pending) {
      pending = fetchPermission(gh, login);
      cache.set(key, pending);
      // A transient failure must not be cached for the rest of the reconcile.
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}

async function fetchPermission(gh: GitHubContext, login: string): Promise<Permission> {
  try {
    const res = await gh.client.request(
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
      { ...repoParams(gh), username: login },
    );
    return toPermission(res.data as PermissionResponse);
  } catch (error) {
    if (isNotFound(error)) return "none";
    throw error;
  }
}
