/**
 * Stable JSON, and equality by it. A PRD's revision hashes its canonical JSON (DESIGN §3.3), so
 * the text must never change for a given value; every transition also asks whether the state
 * changed, which `sameJson` answers without writing either side out.
 */

/** Stable JSON: object keys sorted, undefined members left out, so equal values read equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Built by appending: the map/filter/join form made several arrays per object and took twice
  // as long on a machine state.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      // As `join` writes an element JSON has no text for (undefined, a function): nothing.
      out += canonicalJson(value[i]) ?? "";
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = "{";
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    if (out.length > 1) out += ",";
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

function definedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

/**
 * `canonicalJson(a) === canonicalJson(b)`, stopping at the first difference. Members compare one
 * by one because canonical JSON splits back into them in only one way.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return canonicalJson(a) === canonicalJson(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) {
      return canonicalJson(a) === canonicalJson(b);
    }
    // A loop, not `every`: `every` skips an array's holes, which canonical JSON writes.
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = definedKeys(left);
  if (keys.length !== definedKeys(right).length) return false;
  return keys.every(
    (key) =>
      isEnumerable.call(right, key) && right[key] !== undefined && sameJson(left[key], right[key]),
  );
}

/** Whether two records read the same with `key` set aside (a state's revision: its writer sets it). */
export function sameJsonBesides<T extends object>(a: T, b: T, key: keyof T): boolean {
  return sameJson({ ...a, [key]: undefined }, { ...b, [key]: undefined });
}
