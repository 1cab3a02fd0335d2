import * as gql from "graphql";
import { describe, expect, it } from "vitest";
import { runGraphql, slimIntrospection } from "./graphql.js";
import { schemaPartFor } from "./graphql-prune.js";

const whole = slimIntrospection();
const build = (introspection: gql.IntrospectionQuery) =>
  gql.buildClientSchema(introspection, { assumeValid: true });
let wholeSchema: gql.GraphQLSchema | null = null;
const wholeOf = () => {
  wholeSchema ??= build(whole);
  return wholeSchema;
};

/** What validating `query` against the whole schema says, as the fake reports it. */
const wholeWords = (query: string) =>
  gql.validate(wholeOf(), gql.parse(query)).map((e) => `GraphQL: ${e.message}`);

/** Each query with what its resolvers answer: abstract types resolve through `__typename`. */
const CASES: { name: string; query: string; variables: Record<string, unknown>; root: unknown }[] =
  [
    {
      name: "fields selected on an interface (Actor) reach the type it resolves to",
      query: `query ($owner: String!, $repo: String!, $pr: Int!) {
        repository(owner: $owner, name: $repo) {
          pullRequest(number: $pr) {
            reviews(last: 2) {
              nodes { id body state author { __typename login ... on Bot { id } } }
              pageInfo { hasPreviousPage startCursor }
            }
          }
        }
      }`,
      variables: { owner: "o", repo: "r", pr: 7 },
      root: {
        repository: {
          pullRequest: {
            reviews: {
              nodes: [
                {
                  id: "R1",
                  body: "ok",
                  state: "APPROVED",
                  author: { __typename: "User", login: "ann" },
                },
                {
                  id: "R2",
                  body: "",
                  state: "COMMENTED",
                  author: { __typename: "Bot", login: "ci[bot]", id: "B1" },
                },
              ],
              pageInfo: { hasPreviousPage: true, startCursor: "c1" },
            },
          },
        },
      },
    },
    {
      name: "a node by id as one of its possible types, and a union of timeline items by an enum",
      query: `query ($id: ID!, $number: Int!) {
        node(id: $id) { __typename ... on Issue { number title } ... on PullRequest { number isDraft } }
        repository(owner: "o", name: "r") {
          issue(number: $number) {
            timelineItems(first: 5, itemTypes: [LABELED_EVENT, UNLABELED_EVENT]) {
              nodes { __typename ... on LabeledEvent { label { name } } ... on UnlabeledEvent { createdAt } }
            }
          }
        }
      }`,
      variables: { id: "PR_1", number: 3 },
      root: {
        node: { __typename: "PullRequest", number: 9, isDraft: true },
        repository: {
          issue: {
            timelineItems: {
              nodes: [
                { __typename: "LabeledEvent", label: { name: "ralph" } },
                { __typename: "UnlabeledEvent", createdAt: "2026-01-02T03:04:05Z" },
              ],
            },
          },
        },
      },
    },
    {
      name: "a named fragment spread twice, and aliases",
      query: `fragment who on Actor { login avatarUrl(size: 40) }
      query { viewer { ...who } first: repository(owner: "o", name: "r") { owner { ...who } } }`,
      variables: {},
      root: {
        viewer: { __typename: "User", login: "me", avatarUrl: "https://a/1" },
        first: { owner: { __typename: "Organization", login: "o", avatarUrl: "https://a/2" } },
      },
    },
    {
      name: "a mutation with an input object",
      query: `mutation ($id: ID!, $labels: [ID!]!) {
        markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } }
        addLabelsToLabelable(input: { labelableId: $id, labelIds: $labels }) { clientMutationId }
      }`,
      variables: { id: "PR_1", labels: ["L1"] },
      root: {
        markPullRequestReadyForReview: { pullRequest: { isDraft: false } },
        addLabelsToLabelable: { clientMutationId: null },
      },
    },
  ];

describe("the part of GitHub's GraphQL schema a query uses", () => {
  it.each(CASES)("$name: valid, and answered as against the whole schema", (c) => {
    const document = gql.parse(c.query);
    const partIntrospection = schemaPartFor(whole, document);
    const part = build(partIntrospection);
    // A few dozen types of GitHub's 1,606: what made the whole schema slow to build.
    expect(partIntrospection.__schema.types.length).toBeLessThan(whole.__schema.types.length / 3);
    expect(gql.validate(part, document)).toEqual([]);
    expect(gql.validate(wholeOf(), document)).toEqual([]);
    const run = (schema: gql.GraphQLSchema) =>
      JSON.parse(
        JSON.stringify(
          gql.executeSync({ schema, document, rootValue: c.root, variableValues: c.variables }),
        ),
      );
    const answer = run(part);
    expect(answer.errors).toBeUndefined();
    expect(answer).toEqual(run(wholeOf()));
  });

  it("an object type keeps only the fields selected: an unselected one is not in the part", () => {
    const part = schemaPartFor(whole, gql.parse(CASES[0]?.query ?? ""));
    const repository = part.__schema.types.find((t) => t.name === "Repository");
    expect(repository?.kind === "OBJECT" && repository.fields.map((f) => f.name)).toEqual([
      "pullRequest",
    ]);
  });

  it("a query the schema refuses is refused in the whole schema's words", async () => {
    const query = `query { repository(owner: "o", name: "r") { isuse(number: 1) { id } } }`;
    const outcome = await runGraphql({ query }, {});
    const words = wholeWords(query);
    expect(words[0]).toContain('Cannot query field "isuse" on type "Repository". Did you mean');
    expect(outcome.problems).toEqual(words);
  });

  it("a variable of a type GitHub does not have is refused", async () => {
    const query = "query ($n: Number!) { viewer { login } }";
    const outcome = await runGraphql({ query, variables: { n: 1 } }, {});
    const words = wholeWords(query);
    expect(words[0]).toContain('Unknown type "Number".');
    expect(outcome.problems).toEqual(words);
  });
});
