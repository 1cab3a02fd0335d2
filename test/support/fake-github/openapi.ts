/**
 * GitHub's REST description (`@octokit/openapi`, generated/api.github.com.json) as a checker for
 * the fake: it matches a request to its operation (method + route template), and says what is
 * wrong with a request (unknown route, path or query parameter, request body) or a response
 * (status and body). Loading and compiling the description is description.ts's part.
 */
import type { ValidateFunction } from "ajv";
import {
  load,
  type Operation,
  type Parameter,
  type RouteEntry,
  resolveRef,
  type Schema,
  validator,
} from "./description.js";

/** One operation a request matched, with its decoded path parameters. */
export interface MatchedRoute {
  /** `GET /repos/{owner}/{repo}/issues/{issue_number}`: the key for handlers and call counts. */
  route: string;
  operationId: string;
  params: Record<string, string>;
}

function describeErrors(fn: ValidateFunction): string {
  return (fn.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "(root)"} ${e.message}${paramsNote(e.params)}`)
    .join("; ");
}

function paramsNote(params: Record<string, unknown>): string {
  if ("missingProperty" in params) return "";
  if ("allowedValues" in params) return ` (${JSON.stringify(params.allowedValues)})`;
  return "";
}

/**
 * A test process sends the same few paths over and over (an issue's comments, the state
 * comment): each is matched against GitHub's ~1,100 operations once.
 */
const matches = new Map<string, MatchedRoute | null>();

/**
 * The operation `METHOD pathname` calls, or null when GitHub's description has no such route.
 * `pathname` is the raw (percent-encoded) path; a literal segment beats a parameter.
 */
export function matchRoute(method: string, pathname: string): MatchedRoute | null {
  const key = `${method} ${pathname}`;
  let matched = matches.get(key);
  if (matched === undefined) {
    matched = findRoute(method, pathname);
    matches.set(key, matched);
  }
  return matched === null ? null : { ...matched, params: { ...matched.params } };
}

function findRoute(method: string, pathname: string): MatchedRoute | null {
  const parts = pathname.split("/").slice(1);
  let best: { entry: RouteEntry; params: Record<string, string>; score: number } | null = null;
  for (const entry of load().routes) {
    if (entry.method !== method) continue;
    const { segments } = entry;
    const sameLength = segments.length === parts.length;
    if (!sameLength && !(entry.multiSegmentLast && parts.length > segments.length)) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const segment = segments[i] ?? "";
      const isLast = i === segments.length - 1;
      const value = isLast ? parts.slice(i).join("/") : (parts[i] ?? "");
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) {
        if (value === "") ok = false;
        else params[param[1] ?? ""] = decodeURIComponent(value);
      } else if (segment === value) score += 1;
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { entry, params, score };
  }
  if (!best) return null;
  return {
    route: `${method} ${best.entry.template}`,
    operationId: best.entry.operation.operationId,
    params: best.params,
  };
}

let entriesByRoute: Map<string, RouteEntry> | null = null;

function entryOf(route: string): RouteEntry {
  entriesByRoute ??= new Map(load().routes.map((r) => [`${r.method} ${r.template}`, r]));
  const entry = entriesByRoute.get(route);
  if (!entry) throw new Error(`no operation ${route} in GitHub's description`);
  return entry;
}

/** Query strings carry text; the description types parameters as integers, booleans, arrays. */
function coerce(value: string, schema: Schema | undefined): unknown {
  const type = schema?.type;
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(value)) {
    return Number(value);
  }
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  if (type === "array") return value.split(",");
  return value;
}

/** What is wrong with a request to a matched route: [] when GitHub's description allows it. */
export function requestProblems(
  matched: MatchedRoute,
  query: URLSearchParams,
  body: unknown,
): string[] {
  const entry = entryOf(matched.route);
  const problems: string[] = [];
  const check = (where: string, param: Parameter, raw: string) => {
    if (!param.schema) return;
    const fn = validator(`${matched.route} ${param.in}:${param.name}`, param.schema);
    if (!fn(coerce(raw, param.schema))) {
      problems.push(
        `${where} parameter ${param.name}=${JSON.stringify(raw)}: ${describeErrors(fn)}`,
      );
    }
  };
  for (const param of entry.parameters.filter((p) => p.in === "path")) {
    const value = matched.params[param.name];
    if (value !== undefined) check("path", param, value);
  }
  const known = new Map(entry.parameters.filter((p) => p.in === "query").map((p) => [p.name, p]));
  for (const [name, value] of query) {
    const param = known.get(name);
    if (!param) problems.push(`unknown query parameter ${name}`);
    else check("query", param, value);
  }
  for (const param of known.values()) {
    if (param.required && !query.has(param.name)) {
      problems.push(`missing required query parameter ${param.name}`);
    }
  }
  problems.push(...bodyProblems(matched.route, entry.operation, body));
  return problems;
}

function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    body === "" ||
    (typeof body === "object" && Object.keys(body).length === 0)
  );
}

function bodyProblems(route: string, operation: Operation, body: unknown): string[] {
  const described = operation.requestBody;
  if (!described) {
    return isEmptyBody(body) ? [] : [`${route} takes no request body, got ${JSON.stringify(body)}`];
  }
  const schema = described.content["application/json"]?.schema;
  if (!schema) return [];
  if (body === undefined || body === null || body === "") {
    return described.required ? ["missing the required request body"] : [];
  }
  const fn = validator(`${route} request`, schema);
  const problems = fn(body) ? [] : [`request body: ${describeErrors(fn)}`];
  // GitHub ignores fields it does not know; Ralph sending one is a typo that silently does nothing.
  const properties = schema.properties as Schema | undefined;
  if (properties && schema.additionalProperties === undefined && isPlainObject(body)) {
    for (const key of Object.keys(body)) {
      if (!(key in properties)) problems.push(`request body: unknown field ${key}`);
    }
  }
  return problems;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON schema GitHub describes for `status` of a route; null: described with no body. */
export function responseSchema(route: string, status: number): Schema | null | undefined {
  const { spec } = load();
  const described = entryOf(route).operation.responses[String(status)];
  if (!described) return undefined;
  const response = described.$ref
    ? resolveRef<{ content?: Record<string, { schema?: Schema }> }>(spec, described.$ref)
    : described;
  const content = response.content;
  if (!content) return null;
  const schema = (content["application/json"] ?? Object.values(content)[0])?.schema;
  if (!schema) return null;
  return schema.$ref ? resolveRef<Schema>(spec, String(schema.$ref)) : schema;
}

/** What is wrong with a response the fake is about to send: [] when it matches the description. */
export function responseProblems(route: string, status: number, body: unknown): string[] {
  let schema = responseSchema(route, status);
  if (schema === undefined) {
    if (status < 400) return [`${route} is not described to answer ${status}`];
    // Undescribed errors (a 500, a 429 from an injected fault) still carry GitHub's error shape.
    schema = load().spec.components.schemas["basic-error"] ?? null;
  }
  if (schema === null) {
    return isEmptyBody(body) ? [] : [`${route} answers ${status} with no body`];
  }
  const fn = validator(`${route} response ${status}`, schema);
  return fn(body) ? [] : [`response ${status} body: ${describeErrors(fn)}`];
}

/** Every operation GitHub describes (for tests of the checker itself). */
export function describedRoutes(): string[] {
  return load().routes.map((r) => `${r.method} ${r.template}`);
}

export { deref } from "./description.js";
