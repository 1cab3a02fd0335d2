/**
 * DESIGN §7.6: secrets never reach comments, summaries or logs. The runner masks what it is told
 * about; Ralph tells it about the token and every secret-looking variable, and redacts the same
 * values from everything it posts.
 */

// `AUTH` only as a word of the name: GIT_AUTHOR_DATE is not a secret.
const SECRET_NAME =
  /(TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE|CREDENTIAL|API_?KEY|ACCESS_?KEY|(^|_)AUTH(_|$))/i;
/** Short values ("true", "1") would mask half the log and protect nothing. */
const MIN_SECRET_LENGTH = 8;
/** Named like secrets but not secret, and too common to mask. */
const NOT_SECRET = new Set(["GITHUB_TOKEN_TYPE", "RUNNER_TRACKING_ID"]);

/** Values of secret-looking environment variables, longest first (so redaction is greedy). */
export function secretValues(env: NodeJS.ProcessEnv, extra: readonly string[] = []): string[] {
  const values = new Set<string>();
  for (const value of extra) if (value.length >= MIN_SECRET_LENGTH) values.add(value);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || NOT_SECRET.has(name)) continue;
    if (SECRET_NAME.test(name)) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/**
 * Variables an agent must never see: the GitHub token in all its spellings, the runner's own
 * tokens, and git configuration injected through the environment (Ralph's push credentials). The
 * agent runs code shaped by issue text; with these it could push or call the API as Ralph.
 */
const AGENT_BLOCKED = [
  /^INPUT_/i,
  /^GITHUB_TOKEN$/i,
  /^GH_TOKEN$/i,
  /^GH_ENTERPRISE_TOKEN$/i,
  /^GITHUB_ENTERPRISE_TOKEN$/i,
  /^ACTIONS_RUNTIME_TOKEN$/i,
  /^ACTIONS_ID_TOKEN_REQUEST_(TOKEN|URL)$/i,
  /^ACTIONS_RESULTS_URL$/i,
  /^ACTIONS_CACHE_URL$/i,
  /^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+|PARAMETERS)$/i,
  /^GIT_ASKPASS$/i,
];

/** The environment agents inherit: the runner's, minus anything that grants GitHub access. */
export function agentEnvironment(env: NodeJS.ProcessEnv, token: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || AGENT_BLOCKED.some((p) => p.test(name))) continue;
    // Whatever it is called, a variable holding the token itself is not passed on.
    if (token !== "" && value.includes(token)) continue;
    out[name] = value;
  }
  return out;
}
