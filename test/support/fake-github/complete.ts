/**
 * Completes the fake's partial objects into full GitHub objects from the description's own
 * schema: the fake keeps only the fields that carry behaviour (a comment's body, author and id),
 * and every other field GitHub marks required (node_id, urls, timestamps, the 20 fields of a user)
 * is filled with a plain value of the right type. Fields the fake sets are kept as they are, so a
 * wrong one still fails the response check that follows.
 */
import { deref } from "./openapi.js";

type Schema = Record<string, unknown>;

const FIXED_TIME = "2024-05-01T10:00:00Z";
const MAX_DEPTH = 16;

function branches(schema: Schema): Schema[] | null {
  const list = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  return list ? list.map(deref) : null;
}

function isNullSchema(schema: Schema): boolean {
  return schema.type === "null" || (schema.enum as unknown[] | undefined)?.[0] === null;
}

/** allOf as one object schema: the union of properties and of required fields. */
function flatten(schema: Schema): Schema {
  const parts = schema.allOf as Schema[] | undefined;
  if (!parts) return schema;
  const merged: Schema = { type: "object", properties: {}, required: [] };
  for (const part of [schema, ...parts.map((p) => flatten(deref(p)))]) {
    Object.assign(merged.properties as Schema, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
  }
  return merged;
}

/** The branch of a oneOf/anyOf the partial value most looks like. */
function pick(options: Schema[], partial: unknown): Schema {
  if (partial === null) return options.find(isNullSchema) ?? options[0] ?? {};
  const real = options.filter((o) => !isNullSchema(o));
  if (typeof partial === "object" && partial !== null && !Array.isArray(partial)) {
    const keys = Object.keys(partial);
    const objects = real.filter((o) => o.type === "object" || flatten(o).properties);
    const score = (o: Schema) =>
      keys.filter((k) => k in ((flatten(o).properties as Schema | undefined) ?? {})).length;
    return [...objects].sort((a, b) => score(b) - score(a))[0] ?? real[0] ?? {};
  }
  const type = Array.isArray(partial) ? "array" : typeof partial;
  return (
    real.find((o) => o.type === type || (type === "number" && o.type === "integer")) ??
    real[0] ??
    {}
  );
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case "date-time":
      return FIXED_TIME;
    case "date":
      return FIXED_TIME.slice(0, 10);
    case "uri":
    case "uri-template":
      return "https://api.github.com/";
    case "email":
      return "octocat@github.com";
    default:
      return "";
  }
}

/** `partial` with every field `schema` requires filled in. */
export function complete(schema: Schema, partial: unknown, depth = 0): unknown {
  const s = flatten(deref(schema));
  if (depth > MAX_DEPTH) return partial ?? null;
  const options = branches(s);
  if (options) {
    if (partial === undefined && (s.nullable === true || options.some(isNullSchema))) return null;
    return complete(pick(options, partial), partial, depth + 1);
  }
  if (partial === undefined) {
    if (s.nullable === true) return null;
    if (s.enum) return (s.enum as unknown[])[0];
    const type = s.type ?? (s.properties ? "object" : undefined);
    if (type === "string") return sampleString(s);
    if (type === "integer" || type === "number") return (s.minimum as number | undefined) ?? 1;
    if (type === "boolean") return false;
    if (type === "array") return [];
    if (type !== "object") return null;
    return complete(s, {}, depth + 1);
  }
  if (Array.isArray(partial) && s.items) {
    return partial.map((item) => complete(s.items as Schema, item, depth + 1));
  }
  if (typeof partial !== "object" || partial === null || Array.isArray(partial)) return partial;
  const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(partial)) {
    const property = properties[key];
    out[key] = property ? complete(property, value, depth + 1) : value;
  }
  for (const key of (s.required as string[] | undefined) ?? []) {
    if (!(key in out) && properties[key])
      out[key] = complete(properties[key], undefined, depth + 1);
  }
  return out;
}
