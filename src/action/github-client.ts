import type { GitIdentity } from "../git/repository.js";
import type { GitHubClient, GitHubResponse, Logger } from "../github/client.js";
import { CONFIG_PATH } from "../github/config.js";
import { RalphOctokit } from "../github/octokit.js";
import { rateLimitPolicy } from "../github/rate-limit-policy.js";

/** The login GITHUB_TOKEN acts as, and its user id (for the noreply commit e-mail). */
export const ACTIONS_BOT = { login: "github-actions[bot]", id: 41898282 } as const;

/**
 * The Action's Octokit: the shared RalphOctokit with Ralph's rate-limit policy
 * (src/github/rate-limit-policy.ts), plus Octokit's own request log routed to the runner's
 * debug log (expected 404s — a missing config file, a label not created yet — are not errors).
 * `RALPH_GITHUB_THROTTLE=off` turns the write spacing off; it exists for the acceptance tests,
 * which talk to a local fake API and would otherwise wait 1 s per write.
 */
export function createActionClient(options: {
  token: string;
  apiUrl: string;
  log: Logger;
  env: NodeJS.ProcessEnv;
  /** plugin-throttling's limiter id (see CreateOctokitOptions.throttleId). */
  throttleId?: string;
}): GitHubClient {
  const { log } = options;
  const policy = rateLimitPolicy((m) => log.warn(m));
  const throttleOff = options.env.RALPH_GITHUB_THROTTLE === "off";
  return new RalphOctokit({
    auth: options.token,
    baseUrl: options.apiUrl.replace(/\/+$/, ""),
    userAgent: "ralph-for-github-action",
    // Octokit logs each request at info (`GET … - 200 in 5ms`) and failures at error.
    log: {
      debug: () => {},
      info: (m: string) => log.debug(m),
      warn: (m: string) => log.warn(m),
      error: (m: string) => log.debug(m),
    },
    ...(throttleOff
      ? { retry: { enabled: false }, throttle: { enabled: false } }
      : {
          retry: policy.retry,
          throttle: {
            ...policy.throttle,
            ...(options.throttleId ? { id: options.throttleId } : {}),
          },
        }),
  }) as unknown as GitHubClient;
}

/**
 * Adapter: the shared reconcile reads `.github/ralph.yml` itself and takes no path, so a custom
 * `config-path` is honoured by answering reads of the default path with the configured one.
 */
export function withConfigPath(client: GitHubClient, configPath: string): GitHubClient {
  if (configPath === CONFIG_PATH) return client;
  return {
    request(route: string, params?: Record<string, unknown>): Promise<GitHubResponse> {
      if (
        route === "GET /repos/{owner}/{repo}/contents/{path}" &&
        params?.path === CONFIG_PATH &&
        params.ref === undefined
      ) {
        return client.request(route, { ...params, path: configPath });
      }
      return client.request(route, params);
    },
    graphql: (query, params) => client.graphql(query, params),
  };
}

const VIEWER = "query { viewer { login databaseId } }";

export interface BotIdentity {
  login: string;
  /** Commit author and committer of Ralph's commits. */
  git: GitIdentity;
}

/**
 * Who the token acts as: the App's `<slug>[bot]` for an App token, `github-actions[bot]` for
 * GITHUB_TOKEN. GraphQL `viewer` answers for both (REST /user and /app do not). Only comments by
 * this login are trusted as Ralph's own (status, PRD). RALPH_BOT_LOGIN overrides the lookup.
 */
export async function resolveBotIdentity(
  client: GitHubClient,
  env: NodeJS.ProcessEnv,
  log: Logger,
): Promise<BotIdentity> {
  let login = env.RALPH_BOT_LOGIN?.trim() ?? "";
  let id: number | null = null;
  if (login === "") {
    try {
      const data = (await client.graphql(VIEWER)) as {
        viewer?: { login?: string; databaseId?: number };
      };
      login = data.viewer?.login ?? "";
      id = data.viewer?.databaseId ?? null;
    } catch (error) {
      log.warn(
        `could not look up the token's login (${(error as Error).message}); assuming ${ACTIONS_BOT.login}`,
      );
    }
  }
  if (login === "") login = ACTIONS_BOT.login;
  if (id === null && login === ACTIONS_BOT.login) id = ACTIONS_BOT.id;
  const name = env.RALPH_BOT_NAME?.trim() || login;
  const email =
    env.RALPH_BOT_EMAIL?.trim() ||
    (id === null ? `${login}@users.noreply.github.com` : `${id}+${login}@users.noreply.github.com`);
  return { login, git: { name, email } };
}

/** `Co-authored-by:` identities of the approvers (GitHub attributes the noreply address). */
/**
 * A login's numeric id never changes: looked up once per client (one run), not once per story
 * step and commit (issue 11).
 */
const userIds = new WeakMap<GitHubClient, Map<string, Promise<number | null>>>();

export async function coAuthorsFor(
  client: GitHubClient,
  logins: readonly string[],
): Promise<GitIdentity[]> {
  const out: GitIdentity[] = [];
  let ids = userIds.get(client);
  if (ids === undefined) {
    ids = new Map();
    userIds.set(client, ids);
  }
  for (const login of logins) {
    let lookup = ids.get(login.toLowerCase());
    if (lookup === undefined) {
      lookup = client
        .request("GET /users/{username}", { username: login })
        .then((res) => (res.data as { id?: number }).id ?? null)
        // A missing id only costs the avatar on the commit; the trailer still names the login.
        .catch(() => null);
      ids.set(login.toLowerCase(), lookup);
    }
    const id = await lookup;
    out.push({
      name: login,
      email:
        id === null
          ? `${login}@users.noreply.github.com`
          : `${id}+${login}@users.noreply.github.com`,
    });
  }
  return out;
}
