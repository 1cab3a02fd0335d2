/**
 * GitHub's REST description (`@octokit/openapi`, generated/api.github.com.json) as a checker for
 * the fake: it matches a request to its operation (method + route template), and says what is
 * wrong with a request (unknown route, path or query parameter, request body) or a response
 * (status and body). The 13 MB description is read once per process on first use and each
 * operation's schemas are compiled with ajv on first use and cached, so a test file pays only for
 * the few operations it touches.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { _, Ajv, type ValidateFunction } from "ajv";
import standaloneModule from "ajv/dist/standalone/index.js";
import addFormatsModule from "ajv-formats";

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
  "x-multi-segment"?: boolean;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  };
}

/** One operation a request matched, with its decoded path parameters. */
export interface MatchedRoute {
  /** `GET /repos/{owner}/{repo}/issues/{issue_number}`: the key for handlers and call counts. */
  route: string;
  operationId: string;
  params: Record<string, string>;
}

const COMPONENTS_REF = "#/components/schemas/";
const COMPONENT_ID = "https://api.github.com/components/schemas/";
const HTTP_METHODS = ["get", "post", "put", "patch", "delete"];

interface RouteEntry {
  method: string;
  template: string;
  segments: string[];
  multiSegmentLast: boolean;
  operation: Operation;
  parameters: Parameter[];
}

// CommonJS default export, as Node's ESM loader hands it over.
const standaloneCode = (standaloneModule as unknown as { default: typeof standaloneModule.default })
  .default;

let loaded: { spec: Spec; routes: RouteEntry[]; ajv: Ajv; cacheDir: string } | null = null;
const compiled = new Map<string, ValidateFunction>();

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const { spec, cacheDir } = slimSpec();
  const routes: RouteEntry[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? [])].map((p) =>
        "$ref" in p ? resolveRef<Parameter>(spec, p.$ref) : p,
      );
      const last = template.split("/").at(-1) ?? "";
      routes.push({
        method: method.toUpperCase(),
        template,
        segments: template.split("/").slice(1),
        multiSegmentLast: parameters.some(
          (p) => p.in === "path" && p["x-multi-segment"] === true && `{${p.name}}` === last,
        ),
        operation,
        parameters,
      });
    }
  }
  const ajv = new Ajv({
    strict: false,
    logger: false,
    inlineRefs: false,
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  const addFormats = addFormatsModule as unknown as (a: Ajv) => void;
  addFormats(ajv);
  // Formats GitHub's description uses beyond JSON Schema's: numeric widths and GitHub's own.
  for (const name of ["int32", "int64", "double", "repo.nwo", "binary", "timestamp"]) {
    ajv.addFormat(name, true);
  }
  loaded = { spec, routes, ajv, cacheDir };
  return loaded;
}

/** Keys that only document (the description's prose and examples are most of its 13 MB). */
const PROSE = new Set(["description", "summary", "example", "examples", "externalDocs", "title"]);
const CACHE_FORMAT = 1;

/** The description without prose, as JSON Schema: built once, then read from node_modules/.cache. */
function slimSpec(): { spec: Spec; cacheDir: string } {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("@octokit/openapi/package.json"));
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    version: string;
  };
  const cacheDir = join(root, "../../.cache/fake-github", `${version}-${CACHE_FORMAT}`);
  const cached = join(cacheDir, "api.github.com.json");
  if (existsSync(cached)) {
    return { spec: JSON.parse(readFileSync(cached, "utf8")) as Spec, cacheDir };
  }
  const full = JSON.parse(
    readFileSync(join(root, "generated/api.github.com.json"), "utf8"),
  ) as Spec;
  const spec = {
    paths: withoutProse(full.paths),
    components: {
      schemas: toJsonSchema(withoutProse(full.components.schemas, true)),
      parameters: withoutProse(full.components.parameters, true),
      responses: withoutProse(full.components.responses, true),
    },
  } as Spec;
  mkdirSync(cacheDir, { recursive: true });
  writeAtomically(cached, JSON.stringify(spec));
  return { spec, cacheDir };
}

/** `isNameMap`: the keys are names (of properties, schemas), never documentation. */
function withoutProse(node: unknown, isNameMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutProse(n));
  if (typeof node !== "object" || node === null) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (!isNameMap && (PROSE.has(k) || k.startsWith("x-github"))) continue;
    out[k] = withoutProse(v, k === "properties" || k === "patternProperties");
  }
  return out;
}

function resolveRef<T>(spec: Spec, ref: string): T {
  let node: unknown = spec;
  for (const key of ref.replace(/^#\//, "").split("/")) node = (node as Schema)[key];
  if (node === undefined) throw new Error(`unresolvable $ref ${ref} in GitHub's description`);
  return node as T;
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema (ajv accepts `nullable` only beside `type`, and
 * GitHub's description also puts it beside `allOf` and `$ref`).
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toJsonSchema(v);
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/** `#/components/schemas/NAME` as the absolute id the component is registered under in ajv. */
function absolute(schema: unknown, refs: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => absolute(s, refs));
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith(COMPONENTS_REF)) {
      const name = v.slice(COMPONENTS_REF.length);
      refs.add(name);
      out[k] = COMPONENT_ID + name;
    } else out[k] = absolute(v, refs);
  }
  return out;
}

const registered = new Set<string>();

/**
 * Registers with ajv only the components `schema` reaches: handing ajv the whole description
 * costs about a second per process, while a test file touches a few dozen of its 900 schemas.
 */
function withComponents(schema: Schema): Schema {
  const { ajv, spec } = load();
  const pending = new Set<string>();
  const out = absolute(schema, pending) as Schema;
  for (const name of pending) {
    if (registered.has(name)) continue;
    registered.add(name);
    const component = spec.components.schemas[name];
    if (!component) throw new Error(`unresolvable $ref ${COMPONENTS_REF}${name}`);
    ajv.addSchema({ ...(absolute(component, pending) as Schema), $id: COMPONENT_ID + name });
  }
  return out;
}

/**
 * The compiled check of `schema`. Compiling GitHub's larger objects takes ajv a few hundred
 * milliseconds, so the generated code is also kept in node_modules/.cache (keyed by the schema
 * and the description's version) and later test processes load it instead of compiling again.
 */
function validator(key: string, schema: Schema): ValidateFunction {
  let fn = compiled.get(key);
  if (fn) return fn;
  const { ajv, cacheDir } = load();
  const digest = createHash("sha1").update(JSON.stringify(schema)).digest("hex");
  const file = join(cacheDir, "validators", `${digest}.cjs`);
  if (existsSync(file)) {
    fn = loadModule(readFileSync(file, "utf8"));
  } else {
    fn = ajv.compile(withComponents(toJsonSchema(schema) as Schema));
    mkdirSync(dirname(file), { recursive: true });
    writeAtomically(file, standaloneCode(ajv, fn));
  }
  compiled.set(key, fn);
  return fn;
}

function loadModule(code: string): ValidateFunction {
  const module = { exports: {} as { default?: ValidateFunction } };
  new Function("require", "module", "exports", code)(
    createRequire(import.meta.url),
    module,
    module.exports,
  );
  return (module.exports.default ?? module.exports) as ValidateFunction;
}

/** Parallel test workers may write the same file at once: each writes its own, then renames. */
function writeAtomically(file: string, text: string): void {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, text);
  renameSync(partial, file);
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
 * The operation `METHOD pathname` calls, or null when GitHub's description has no such route.
 * `pathname` is the raw (percent-encoded) path; a literal segment beats a parameter.
 */
export function matchRoute(method: string, pathname: string): MatchedRoute | null {
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

function entryOf(route: string): RouteEntry {
  const entry = load().routes.find((r) => `${r.method} ${r.template}` === route);
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

/** `schema` with a top-level `$ref` into the description followed. */
export function deref(schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === "string") current = resolveRef<Schema>(load().spec, current.$ref);
  return current;
}
