/**
 * The fake's GraphQL label fields: `repository { issueOrPullRequest { id labels } labels }` and the
 * `addLabelsToLabelable` / `removeLabelsFromLabelable` mutations, on the same labels the REST
 * routes keep. A label id not on the issue is ignored by the remove (GitHub does not document
 * this case; Ralph's code handles an error there by falling back to REST).
 */
import { issueNodeId, labelNodeId, type RepoModel } from "./model.js";

export function labelFields(m: RepoModel) {
  const nodes = (names: string[]) => ({
    nodes: names.map((name) => ({
      id: labelNodeId(name),
      name,
      color: m.repoLabels.get(name)?.color ?? "ededed",
    })),
  });
  const issueOf = (id: string): number => {
    const match = /^I_node_(\d+)$/.exec(id);
    const number = Number(match?.[1]);
    if (!match || !m.issues.has(number)) {
      throw new Error(`Could not resolve to a node with the global id of '${id}'`);
    }
    return number;
  };
  const nameOf = (id: string): string => {
    const name = [...m.repoLabels.keys()].find((n) => labelNodeId(n) === id);
    if (name === undefined)
      throw new Error(`Could not resolve to a node with the global id of '${id}'`);
    return name;
  };
  const labelable = (number: number) => ({
    __typename: m.issues.get(number)?.pull_request ? "PullRequest" : "Issue",
    id: issueNodeId(number),
    labels: () => nodes(m.labelsOf(number)),
  });
  type Input = { input: { labelableId: string; labelIds: string[] } };
  return {
    repository: () => ({
      issueOrPullRequest: ({ number }: { number: number }) =>
        m.issues.has(number) ? labelable(number) : null,
      labels: ({ query }: { query?: string | null }) =>
        nodes([...m.repoLabels.keys()].filter((n) => !query || n.includes(query))),
    }),
    addLabelsToLabelable: ({ input }: Input) => {
      const number = issueOf(input.labelableId);
      const names = input.labelIds.map(nameOf);
      const list = [...m.labelsOf(number)];
      for (const name of names) if (!list.includes(name)) list.push(name);
      m.issueLabels.set(number, list);
      return { clientMutationId: null, labelable: labelable(number) };
    },
    removeLabelsFromLabelable: ({ input }: Input) => {
      const number = issueOf(input.labelableId);
      const names = new Set(input.labelIds.map(nameOf));
      m.issueLabels.set(
        number,
        m.labelsOf(number).filter((n) => !names.has(n)),
      );
      return { clientMutationId: null, labelable: labelable(number) };
    },
  };
}
