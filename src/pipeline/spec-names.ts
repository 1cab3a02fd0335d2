import { didYouMean } from "../core/nearest-word.js";
import type { SpecRef } from "./context.js";
import { SpecFileError } from "./spec-files.js";

/**
 * Whether `target`, as a user names a spec (`ralph run --force`, `ralph fix`), names `spec`: its
 * id, its path under `specs/` with or without `.md`, or any path that runs through `specs/`.
 */
export function namesSpec(target: string, spec: Pick<SpecRef, "rel" | "id">): boolean {
  const t = underSpecs(target);
  return t === spec.rel || t === spec.id || `${t}.md` === spec.rel;
}

/** What follows `specs/` in a path a user typed (all of it when there is no `specs/`). */
function underSpecs(target: string): string {
  return target.replace(/\\/g, "/").replace(/^.*\/specs\//, "");
}

/**
 * The spec `target` names among `specs`. None: a SpecFileError that says where Ralph looked and,
 * for a typo, the id or path it most likely meant.
 */
export function findSpec<T extends Pick<SpecRef, "rel" | "id">>(
  target: string,
  specs: readonly T[],
  where: string,
): T {
  const found = specs.find((spec) => namesSpec(target, spec));
  if (found !== undefined) return found;
  const names = [...new Set(specs.flatMap((s) => [s.id, s.rel.replace(/\.md$/, "")]))];
  const hint = didYouMean(underSpecs(target).replace(/\.md$/, ""), names);
  throw new SpecFileError(`no spec "${target}" under ${where}${hint}`);
}
