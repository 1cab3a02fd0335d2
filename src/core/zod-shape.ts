import type * as z from "zod";

/**
 * The keys an object at `path` inside `schema` may have (of every branch of a union on the way),
 * through the wrappers config schemas use (optional, default, prefault, nullable, pipe). Empty
 * where the schema has no object there.
 */
export function keysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const [head, ...tail] = path;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      if (head === undefined) return Object.keys(shape);
      const child = Object.hasOwn(shape, String(head)) ? shape[String(head)] : undefined;
      return child === undefined ? [] : keysAt(child, tail);
    }
    case "array":
      return keysAt(def.element as z.core.$ZodType, tail);
    case "union":
      return [
        ...new Set((def.options as z.core.$ZodType[]).flatMap((option) => keysAt(option, path))),
      ];
    case "pipe":
      return keysAt(def.in as z.core.$ZodType, path);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return keysAt(def.innerType as z.core.$ZodType, path);
    default:
      return [];
  }
}
