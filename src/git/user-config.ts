import { simpleGit } from "simple-git";

/**
 * A config value as the user's own git resolves it in `root` (user.name, user.email), or null
 * when it is not set. Unlike every other git call this one honours GIT_CONFIG_GLOBAL / _SYSTEM /
 * _NOSYSTEM (simple-git drops them by default): it reads who the user is, not what the
 * repository does.
 */
export async function userConfigValue(root: string, key: string): Promise<string | null> {
  const reader = simpleGit({
    baseDir: root,
    allowEnvironment: ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"],
    unsafe: { allowUnsafeConfigPaths: true },
  });
  const value = (await reader.raw(["config", "--get", key]).catch(() => "")).trim();
  return value === "" ? null : value;
}
