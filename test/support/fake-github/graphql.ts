/**
 * GitHub's GraphQL API for the fake, against GitHub's own schema (`@octokit/graphql-schema`): a
 * query is parsed and validated with graphql-js, then executed against that schema with the
 * fake's resolvers as the root value. So a misspelt field, a wrong argument or a variable of the
 * wrong type is refused, and every answer has the shape the schema gives it (graphql-js checks
 * each field's type and nullability while it executes). Each query runs against the part of the
 * schema it uses (graphql-prune.ts), kept per query text in node_modules/.cache.
 */
import { createHash } from "node:crypto";
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
import { schemaPartFor } from "./graphql-prune.js";

// Bumped when the slimming or the parts change.
const CACHE_FORMAT = 1;
const PART_FORMAT = 1;

/** Where the package's schema and this fake's caches of it are. */
function schemaPackage(): { root: string; cache: string; version: string } {
  // The package exports its index alone (for `import`): its folder is found from that.
  const root = dirname(fileURLToPath(import.meta.resolve("@octokit/graphql-schema")));
  return { root, cache: join(root, "../../.cache/fake-github"), version: packageVersion(root) };
}

let whole: GraphQLSchema | null = null;

/**
 * The whole schema: only to word a refusal as GitHub would (a "did you mean" lists fields the
 * part leaves out). Built from the package's schema.json, not through its index: that module
 * builds a second schema of its own at import (with the CommonJS copy of graphql).
 */
function wholeSchema(): GraphQLSchema {
  // GitHub's own schema: checking it is valid (graphql-js does so before the first validation
  // and execution, walking every type) would cost each process more than building it.
  whole ??= buildClientSchema(slimIntrospection(), { assumeValid: true });
  return whole;
}

let slim: IntrospectionQuery | null = null;

/**
 * GitHub's introspection without its descriptions (5 MB → 1.8 MB), kept in node_modules/.cache
 * beside the REST description's: what validating and executing need, parsed in a third of the
 * time. Every key of an introspection result is introspection's own (a field called
 * `description` is a `name` value), so dropping the `description` keys drops only prose.
 */
export function slimIntrospection(): IntrospectionQuery {
  if (slim) return slim;
  const { root, cache, version } = schemaPackage();
  slim = cachedJson(join(cache, `graphql-${version}-${CACHE_FORMAT}.json`), () => {
    const published = JSON.parse(readFileSync(join(root, "schema.json"), "utf8")) as {
      data?: IntrospectionQuery;
    } & IntrospectionQuery;
    return withoutDescriptions(published.data ?? published) as IntrospectionQuery;
  });
  return slim;
}

/**
 * The schema `query` is run against: the part of GitHub's it uses, made once per query text on
 * a machine (it needs the whole introspection parsed) and read from the cache after that.
 */
function schemaPart(query: string, document: DocumentNode): GraphQLSchema {
  const { cache, version } = schemaPackage();
  const key = createHash("sha256").update(query).digest("hex").slice(0, 32);
  const file = join(cache, `graphql-part-${version}-${CACHE_FORMAT}.${PART_FORMAT}-${key}.json`);
  const part = cachedJson(file, () => schemaPartFor(slimIntrospection(), document));
  return buildClientSchema(part, { assumeValid: true });
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
  | { document: DocumentNode; fields: string[]; invalid: string[]; schema: GraphQLSchema };

/**
 * Ralph sends the same few query texts over and over: each is parsed and validated against the
 * schema once per test file (validating one took about 1 ms, a file sends hundreds).
 */
const checkedQueries = new Map<string, CheckedQuery>();

function checkedQuery(query: string): CheckedQuery {
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
  const schema = schemaPart(query, document);
  let invalid = validate(schema, document).map((e) => e.message);
  if (invalid.length > 0) {
    invalid = validate(wholeSchema(), document).map((e) => e.message);
    if (invalid.length === 0) {
      throw new Error(
        `the fake's part of GitHub's schema refused a query the whole accepts:\n${query}`,
      );
    }
  }
  const checked = { document, fields, invalid, schema };
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
  const checked = checkedQuery(query);
  if ("syntax" in checked) {
    return {
      body: { errors: [{ message: checked.syntax }] },
      problems: [`GraphQL syntax: ${checked.syntax}`],
      fields: [],
    };
  }
  const { document, fields, invalid, schema } = checked;
  if (invalid.length > 0) {
    const errors = invalid.map((message) => ({ message }));
    return { body: { errors }, problems: invalid.map((m) => `GraphQL: ${m}`), fields };
  }
  const result = executeSync({
    schema,
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
