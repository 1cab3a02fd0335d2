/**
 * GitHub's REST description (`@octokit/openapi`, generated/api.github.com.json), loaded for the
 * fake's checks. The 13 MB file is read once per machine and kept without its prose (2.8 MB) in
 * node_modules/.cache; each schema is compiled with ajv on first use, and the compiled code is
 * cached there too, so a test process pays only for parsing and for what it has not met before.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import type { Ajv, ValidateFunction } from "ajv";

export type Schema = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
  "x-multi-segment"?: boolean;
}
export interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}
export interface Spec {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  };
}

const COMPONENTS_REF = "#/components/schemas/";
const COMPONENT_ID = "https://api.github.com/components/schemas/";
const HTTP_METHODS = ["get", "post", "put", "patch", "delete"];

export interface RouteEntry {
  method: string;
  template: string;
  segments: string[];
  multiSegmentLast: boolean;
  operation: Operation;
  parameters: Parameter[];
}

let loaded: { spec: Spec; routes: RouteEntry[]; cacheDir: string } | null = null;
const compiled = new Map<string, ValidateFunction>();

export function load(): NonNullable<typeof loaded> {
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
  loaded = { spec, routes, cacheDir };
  return loaded;
}

let compiler: Ajv | null = null;

/**
 * ajv, on the first schema no earlier process compiled: with the compiled checks cached (below),
 * most test processes never load it (about 45 ms each).
 */
function ajvCompiler(): Ajv {
  if (compiler) return compiler;
  const require = createRequire(import.meta.url);
  const { _, Ajv } = require("ajv") as typeof import("ajv");
  const addFormats = require("ajv-formats") as (a: Ajv) => void;
  compiler = new Ajv({
    strict: false,
    logger: false,
    inlineRefs: false,
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(compiler);
  // Formats GitHub's description uses beyond JSON Schema's: numeric widths and GitHub's own.
  for (const name of ["int32", "int64", "double", "repo.nwo", "binary", "timestamp"]) {
    compiler.addFormat(name, true);
  }
  return compiler;
}

/** Keys that only document (the description's prose and examples are most of its 13 MB). */
const PROSE = new Set(["description", "summary", "example", "examples", "externalDocs", "title"]);
// Bumped when the conversion changes (2: nullable enums allow null).
const CACHE_FORMAT = 2;

/** The description without prose, as JSON Schema: built once, then read from node_modules/.cache. */
function slimSpec(): { spec: Spec; cacheDir: string } {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("@octokit/openapi/package.json"));
  const cacheDir = join(
    root,
    "../../.cache/fake-github",
    `${packageVersion(root)}-${CACHE_FORMAT}`,
  );
  const spec = cachedJson(join(cacheDir, "api.github.com.json"), () => {
    const full = JSON.parse(
      readFileSync(join(root, "generated/api.github.com.json"), "utf8"),
    ) as Spec;
    return {
      paths: withoutProse(full.paths),
      components: {
        schemas: toJsonSchema(withoutProse(full.components.schemas, true)),
        parameters: withoutProse(full.components.parameters, true),
        responses: withoutProse(full.components.responses, true),
      },
    } as Spec;
  });
  return { spec, cacheDir };
}

/** The version in the package.json of the package whose folder is `root`. */
export function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string })
    .version;
}

/**
 * The JSON in `file` (a cache in node_modules/.cache, keyed by its path): when it is not there,
 * `build` makes it and it is written for the next test processes.
 */
export function cachedJson<T>(file: string, build: () => T): T {
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as T;
  const value = build();
  mkdirSync(dirname(file), { recursive: true });
  writeAtomically(file, JSON.stringify(value));
  return value;
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

export function resolveRef<T>(spec: Spec, ref: string): T {
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
  // A nullable enum (a check run's `conclusion` while it runs) allows null besides its values.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
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
  const { spec } = load();
  const ajv = ajvCompiler();
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
export function validator(key: string, schema: Schema): ValidateFunction {
  let fn = compiled.get(key);
  if (fn) return fn;
  const { cacheDir } = load();
  const digest = createHash("sha1").update(JSON.stringify(schema)).digest("hex");
  const file = join(cacheDir, "validators", `${digest}.cjs`);
  if (existsSync(file)) {
    fn = loadModule(readFileSync(file, "utf8"));
  } else {
    const ajv = ajvCompiler();
    fn = ajv.compile(withComponents(toJsonSchema(schema) as Schema));
    const standalone = createRequire(import.meta.url)("ajv/dist/standalone/index.js") as {
      default: (ajv: Ajv, fn: ValidateFunction) => string;
    };
    mkdirSync(dirname(file), { recursive: true });
    writeAtomically(file, standalone.default(ajv, fn));
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
export function writeAtomically(file: string, text: string): void {
  const partial = partialFileFor(file);
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/**
 * A partial file no other writer uses. Not `<file>.<pid>`: the in-process suites run as worker
 * threads of one process, and two of them that met a cold cache at once wrote the same partial
 * file; the second rename then failed with ENOENT (a fresh-clone run).
 */
export function partialFileFor(file: string): string {
  return `${file}.${process.pid}.${threadId}.${randomBytes(6).toString("hex")}`;
}

/** `schema` with a top-level `$ref` into the description followed. */
export function deref(schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === "string") current = resolveRef<Schema>(load().spec, current.$ref);
  return current;
}
