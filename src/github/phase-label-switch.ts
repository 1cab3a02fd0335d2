import { ALL_PHASE_LABELS } from "../core/state.js";
import { type GitHubContext, repoParams } from "./client.js";
import { IMPLICIT_LABEL_COLOR, PHASE_LABEL_COLORS, styleLabel } from "./labels.js";

/**
 * A phase-label change in one call (issue 11), for a process that changes one issue's phase label
 * many times (the Action's run): one GraphQL document removes the phase label(s) on the issue and
 * adds the new one — `removeLabelsFromLabelable` and `addLabelsToLabelable` touch no other label,
 * so a label a human adds while an agent step runs is never lost, and nothing is read first. What
 * it needs is learned once per process: the issue's node id, its labels and the repository's
 * phase labels (one query); a phase label the repository lacks is created with Ralph's colour
 * (which also saves the colour `PATCH`). The answer is the issue's label set after the change:
 * the next change removes what it shows. Returns null when this way cannot be used (the caller
 * falls back to the REST read and `PUT`).
 */
export interface PhaseLabelSwitch {
  set(gh: GitHubContext, issue: number, label: string | null): Promise<string[] | null>;
}

interface IssueLabels {
  issueId: string;
  /** Phase label name → node id, for the phase labels the repository has. */
  repoLabels: Map<string, string>;
  /** Phase labels GitHub once created grey (by a REST `PUT`): coloured on first use. */
  grey: Set<string>;
  /** The issue's labels (name → node id) as the last answer showed them. */
  onIssue: Map<string, string>;
}

interface LabelNodes {
  nodes?: ({ id: string; name: string; color?: string } | null)[] | null;
}

const LOOKUP = `query ($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    issueOrPullRequest(number: $number) {
      ... on Issue { id labels(first: 100) { nodes { id name } } }
      ... on PullRequest { id labels(first: 100) { nodes { id name } } }
    }
    labels(first: 100, query: "ralph:") { nodes { id name color } }
  }
}`;

const SWITCH = `mutation ($issue: ID!, $remove: [ID!]!, $add: [ID!]!) {
  removed: removeLabelsFromLabelable(input: { labelableId: $issue, labelIds: $remove }) {
    clientMutationId
  }
  added: addLabelsToLabelable(input: { labelableId: $issue, labelIds: $add }) {
    labelable { labels(first: 100) { nodes { id name } } }
  }
}`;

const REMOVE_ONLY = `mutation ($issue: ID!, $remove: [ID!]!) {
  removed: removeLabelsFromLabelable(input: { labelableId: $issue, labelIds: $remove }) {
    labelable { labels(first: 100) { nodes { id name } } }
  }
}`;

const ADD_ONLY = `mutation ($issue: ID!, $add: [ID!]!) {
  added: addLabelsToLabelable(input: { labelableId: $issue, labelIds: $add }) {
    labelable { labels(first: 100) { nodes { id name } } }
  }
}`;

function byName(connection: LabelNodes | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of connection?.nodes ?? []) if (node) out.set(node.name, node.id);
  return out;
}

const isPhase = (name: string) => ALL_PHASE_LABELS.includes(name);

type Known = Map<string, IssueLabels>;

const keyOf = (gh: GitHubContext, issue: number) => `${gh.owner}/${gh.repo}#${issue}`;

/** What a change needs, read once per process and issue (then kept current by the answers). */
async function lookup(gh: GitHubContext, known: Known, issue: number): Promise<IssueLabels | null> {
  const cached = known.get(keyOf(gh, issue));
  if (cached !== undefined) return cached;
  const data = (await gh.client.graphql(LOOKUP, { ...repoParams(gh), number: issue })) as {
    repository?: {
      issueOrPullRequest?: { id?: string; labels?: LabelNodes } | null;
      labels?: LabelNodes;
    } | null;
  };
  const target = data.repository?.issueOrPullRequest;
  if (typeof target?.id !== "string") return null;
  const phase = (data.repository?.labels?.nodes ?? []).filter(
    (n): n is { id: string; name: string; color?: string } => n !== null && isPhase(n.name),
  );
  const found: IssueLabels = {
    issueId: target.id,
    repoLabels: new Map(phase.map((n) => [n.name, n.id])),
    grey: new Set(
      phase.filter((n) => n.color?.toLowerCase() === IMPLICIT_LABEL_COLOR).map((n) => n.name),
    ),
    onIssue: byName(target.labels),
  };
  known.set(keyOf(gh, issue), found);
  return found;
}

/** The phase label's node id, creating the label (with Ralph's colour) when the repo lacks it. */
async function labelId(gh: GitHubContext, state: IssueLabels, name: string): Promise<string> {
  const id = state.repoLabels.get(name);
  if (state.grey.delete(name)) await styleLabel(gh, name, IMPLICIT_LABEL_COLOR);
  if (id !== undefined) return id;
  const style = PHASE_LABEL_COLORS[name];
  const res = await gh.client.request("POST /repos/{owner}/{repo}/labels", {
    ...repoParams(gh),
    name,
    ...(style === undefined ? {} : { color: style.color, description: style.description }),
  });
  const created = (res.data as { node_id: string }).node_id;
  state.repoLabels.set(name, created);
  return created;
}

/** One mutation document; the answer is the issue's labels after it. */
async function mutate(
  gh: GitHubContext,
  state: IssueLabels,
  remove: string[],
  add: string[],
): Promise<Map<string, string>> {
  type Answer = { labelable?: { labels?: LabelNodes } | null } | null;
  const query = remove.length === 0 ? ADD_ONLY : add.length === 0 ? REMOVE_ONLY : SWITCH;
  const data = (await gh.client.graphql(query, {
    issue: state.issueId,
    ...(remove.length > 0 ? { remove } : {}),
    ...(add.length > 0 ? { add } : {}),
  })) as { added?: Answer; removed?: Answer };
  const labelable = add.length > 0 ? data.added?.labelable : data.removed?.labelable;
  if (!labelable?.labels) throw new Error("the label mutation answered without the issue's labels");
  return byName(labelable.labels);
}

/**
 * The answer shows the labels after each change: a phase label still there that was not known
 * (someone added one meanwhile) is removed in a second round; still wrong after that, null.
 */
async function switchTo(
  gh: GitHubContext,
  state: IssueLabels,
  label: string | null,
): Promise<string[] | null> {
  for (let round = 0; ; round++) {
    const stale = [...state.onIssue].filter(([n]) => isPhase(n) && n !== label);
    const missing = label !== null && !state.onIssue.has(label);
    if (stale.length === 0 && !missing) return [...state.onIssue.keys()];
    if (round === 2) return null;
    const add = missing && label !== null ? [await labelId(gh, state, label)] : [];
    state.onIssue = await mutate(
      gh,
      state,
      stale.map(([, id]) => id),
      add,
    );
  }
}

export function createPhaseLabelSwitch(): PhaseLabelSwitch {
  const known: Known = new Map();
  return {
    async set(gh, issue, label) {
      try {
        const state = await lookup(gh, known, issue);
        return state === null ? null : await switchTo(gh, state, label);
      } catch (error) {
        // The REST read and `PUT` do this change; the next one looks the issue up afresh.
        gh.log.debug(`phase label by GraphQL failed, falling back to REST: ${String(error)}`);
        known.delete(keyOf(gh, issue));
        return null;
      }
    },
  };
}
