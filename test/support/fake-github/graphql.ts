/**
 * GitHub's GraphQL API for the fake, against GitHub's own schema (`@octokit/graphql-schema`): a
 * query is parsed and validated with graphql-js, then executed against that schema with the
 * fake's resolvers as the root value. So a misspelt field, a wrong argument or a variable of the
 * wrong type is refused, and every answer has the shape the schema gives it (graphql-js checks
 * each field's type and nullability while it executes).
 */
import {
  buildClientSchema,
  executeSync,
  type GraphQLSchema,
  type IntrospectionQuery,
  parse,
  validate,
} from "graphql";

let schema: GraphQLSchema | null = null;

/** Loaded on the first GraphQL request only: most test files never send one. */
async function githubSchema(): Promise<GraphQLSchema> {
  if (schema) return schema;
  const published = await import("@octokit/graphql-schema");
  const json = published.schema.json as unknown as {
    data?: IntrospectionQuery;
  } & IntrospectionQuery;
  schema = buildClientSchema(json.data ?? json);
  return schema;
}

export interface GraphqlOutcome {
  /** The HTTP body GitHub would send: `{ data }` or `{ data, errors }`. */
  body: Record<string, unknown>;
  /** Why the request itself is wrong (syntax, schema, variables); [] when GitHub accepts it. */
  problems: string[];
  /** The root fields asked for, e.g. ["viewer"] (for call counts). */
  fields: string[];
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
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query);
  } catch (error) {
    const message = (error as Error).message;
    return {
      body: { errors: [{ message }] },
      problems: [`GraphQL syntax: ${message}`],
      fields: [],
    };
  }
  const fields = document.definitions.flatMap((d) =>
    d.kind === "OperationDefinition"
      ? d.selectionSet.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : []))
      : [],
  );
  const invalid = validate(await githubSchema(), document);
  if (invalid.length > 0) {
    const errors = invalid.map((e) => ({ message: e.message }));
    return { body: { errors }, problems: invalid.map((e) => `GraphQL: ${e.message}`), fields };
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
