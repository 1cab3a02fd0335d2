import type { GitHubContext, GitHubUser } from "./client.js";
import type { IssueComment } from "./comments.js";

/** The fields of an issue comment every GraphQL read asks for (IssueComment in GitHub's schema). */
export const COMMENT_FIELDS = "id databaseId body createdAt url author { __typename login }";

export interface GraphqlActor {
  __typename?: string;
  login: string;
}

export interface GraphqlComment {
  id: string;
  databaseId: number | null;
  body: string;
  createdAt: string;
  url: string;
  author: GraphqlActor | null;
}

/**
 * An actor as REST names it. GraphQL gives a GitHub App's bot without REST's `[bot]` suffix
 * (`ralph-app` for `ralph-app[bot]`, `github-actions` for `github-actions[bot]`) and tells bots by
 * their type; Ralph compares logins as REST spells them (its own login comes from REST or from
 * `viewer`, which keeps the suffix). A user named like a bot stays a user: only the type adds it.
 */
export function restUser(actor: GraphqlActor | null | undefined): GitHubUser | null {
  if (!actor) return null;
  const bot = actor.__typename === "Bot";
  const login = bot && !actor.login.endsWith("[bot]") ? `${actor.login}[bot]` : actor.login;
  return { login, type: bot ? "Bot" : "User" };
}

/** A GraphQL comment in the adapter's shape (REST's); null for one without a database id. */
export function fromGraphql(raw: GraphqlComment | null | undefined): IssueComment | null {
  if (!raw || typeof raw.databaseId !== "number") return null;
  return {
    id: raw.databaseId,
    node_id: raw.id,
    body: raw.body ?? "",
    user: restUser(raw.author),
    created_at: raw.createdAt,
    html_url: raw.url,
  };
}

export interface GraphqlError {
  type?: string;
  message: string;
  path?: (string | number)[];
}

/**
 * A query whose answer may name nodes that no longer exist (a deleted 👍): GitHub answers those
 * with `null` and a NOT_FOUND error beside the data, which Octokit throws; the data and the errors
 * are returned instead. Any other failure throws.
 */
export async function graphqlPartial(
  gh: GitHubContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data: unknown; errors: GraphqlError[] }> {
  try {
    return { data: await gh.client.graphql(query, variables), errors: [] };
  } catch (error) {
    const partial = error as { name?: string; data?: unknown; errors?: GraphqlError[] };
    const notFoundOnly =
      Array.isArray(partial.errors) && partial.errors.every((e) => e.type === "NOT_FOUND");
    if (partial.data !== undefined && partial.data !== null && notFoundOnly) {
      return { data: partial.data, errors: partial.errors ?? [] };
    }
    throw error;
  }
}
