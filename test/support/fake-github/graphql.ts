/**
 * GitHub's GraphQL API for the fake, against GitHub's own schema (`@octokit/graphql-schema`): a
 * query is parsed and validated with graphql-js, then executed against that schema with the
 * fake's resolvers as the root value. So a misspelt field, a wrong argument or a variable of the
 * wrong type is refused, and every answer has the shape the schema gives it (graphql-js checks
 * each field's type and nullability while it executes).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildClientSchema,
  type DocumentNode,
  executeSync,
  type GraphQLSchema,
  type IntrospectionQuery,
  parse,
  validate,
} from "graphql";
import { cachedJson, packageVersion } from "./description.js";

let schema: GraphQLSchema | null = null;

/**
 * Loaded on the first GraphQL request only: most test files never send one. Built from the
 * package's schema.json, not through its index: that module builds a second schema of its own at
 * import (with the CommonJS copy of graphql), which doubled the cost of the first request.
 */
async function githubSchema(): Promise<GraphQLSchema> {
  if (schema) return schema;
  // GitHub's own schema: checking it is valid (graphql-js does so before the first validation
  // and execution, walking every type) would cost each process more than building it.
  schema = buildClientSchema(slimIntrospection(), { assumeValid: true });
  return schema;
}

// Bumped when the slimming changes.
const CACHE_FORMAT = 1;

/**
 * GitHub's introspection without its descriptions (5 MB → 1.8 MB), kept in node_modules/.cache
 * beside the REST description's: what validating and executing need, parsed in a third of the
 * time. Every key of an introspection result is introspection's own (a field called
 * `description` is a `name` value), so dropping the `description` keys drops only prose.
 */
export function slimIntrospection(): IntrospectionQuery {
  // The package exports its index alone (for `import`): its folder is found from that.
  const root = dirname(fileURLToPath(import.meta.resolve("@octokit/graphql-schema")));
  const file = `graphql-${packageVersion(root)}-${CACHE_FORMAT}.json`;
  return cachedJson(join(root, "../../.cache/fake-github", file), () => {
    const published = JSON.parse(readFileSync(join(root, "schema.json"), "utf8")) as {
      data?: IntrospectionQuery;
    } & IntrospectionQuery;
    return withoutDescriptions(published.data ?? published) as IntrospectionQuery;
  });
}

function withoutDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDescriptions);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== "description") out[key] = withoutDescriptions(value);
  }
  return out;
}

export interface GraphqlOutcome {
  /** The HTTP body GitHub would send: `{ data }` or `{ data, errors }`. */
  body: Record<string, unknown>;
  /** Why the request itself is wrong (syntax, schema, variables); [] when GitHub accepts it. */
  problems: string[];
  /** The root fields asked for, e.g. ["viewer"] (for call counts). */
  fields: string[];
}

type CheckedQuery =
  | { syntax: string }
  | { document: DocumentNode; fields: string[]; invalid: string[] };

/**
 * Ralph sends the same few query texts over and over: each is parsed and validated against the
 * schema once per test file (validating one took about 1 ms, a file sends hundreds).
 */
const checkedQueries = new Map<string, CheckedQuery>();

async function checkedQuery(query: string): Promise<CheckedQuery> {
  const known = checkedQueries.get(query);
  if (known) return known;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    const syntax = { syntax: (error as Error).message };
    checkedQueries.set(query, syntax);
    return syntax;
  }
  const fields = document.definitions.flatMap((d) =>
    d.kind === "OperationDefinition"
      ? d.selectionSet.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : []))
      : [],
  );
  const invalid = validate(await githubSchema(), document).map((e) => e.message);
  const checked = { document, fields, invalid };
  checkedQueries.set(query, checked);
  return checked;
}

/** Runs one `POST /graphql` body against GitHub's schema with `root` resolving the fields. */
export async function runGraphql(
  body: unknown,
  root: Record<string, unknown>,
): Promise<GraphqlOutcome> {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof query !== "string") {
    return {
      body: { message: "A query attribute must be specified" },
      problems: ["no query"],
      fields: [],
    };
  }
  const checked = await checkedQuery(query);
  if ("syntax" in checked) {
    return {
      body: { errors: [{ message: checked.syntax }] },
      problems: [`GraphQL syntax: ${checked.syntax}`],
      fields: [],
    };
  }
  const { document, fields, invalid } = checked;
  if (invalid.length > 0) {
    const errors = invalid.map((message) => ({ message }));
    return { body: { errors }, problems: invalid.map((m) => `GraphQL: ${m}`), fields };
  }
  const result = executeSync({
    schema: await githubSchema(),
    document,
    rootValue: root,
    variableValues: (variables as Record<string, unknown> | undefined) ?? undefined,
  });
  // Errors without a path are about the request (a variable of the wrong type); a null where the
  // schema forbids one is the fake answering wrong. Other errors come from a resolver (no such
  // pull request), which GitHub also answers with 200 and `errors`.
  const problems = (result.errors ?? [])
    .filter((e) => e.path === undefined || /non-nullable/.test(e.message))
    .map((e) => `GraphQL: ${e.message}`);
  const answer = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
  // GitHub puts an error's kind (NOT_FOUND …) beside its message, not under `extensions`.
  if (Array.isArray(answer.errors)) {
    answer.errors = (answer.errors as { extensions?: { type?: string } }[]).map((e) =>
      e.extensions?.type === undefined ? e : { ...e, type: e.extensions.type },
    );
  }
  return { body: answer, problems, fields };
}
