import type { UserStory } from "./prd.js";

/**
 * Seed 002 parallel groups for the story loop: stories of one group whose files are disjoint may
 * run at the same time; anything else runs in sequence, and the reason is said.
 */
export interface ParallelPlan {
  /** Stories to run at once, the first pending story first; one story means "in sequence". */
  batch: UserStory[];
  /** Stories of the same group left to the sequence, and why. */
  sequential: { storyId: string; reason: string }[];
}

const GLOB = /[*?[{]/;

function normalize(path: string): string {
  return path
    .trim()
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "");
}

/** The literal directory part before the first glob character (`src/a/*.ts` → `src/a/`). */
function literalPrefix(path: string): string {
  const at = path.search(GLOB);
  if (at < 0) return path;
  return path.slice(0, path.lastIndexOf("/", at) + 1);
}

/**
 * Whether two of a story's file entries may name the same file: the same path, a directory and
 * something inside it, or a glob whose literal directory contains (or is inside) the other. When
 * in doubt they overlap: the cost of a wrong "disjoint" is a merge conflict, of a wrong "overlap"
 * only time.
 */
export function pathsOverlap(a: string, b: string): boolean {
  const x = normalize(a);
  const y = normalize(b);
  if (x === "" || y === "") return true;
  if (x === y) return true;
  // A directory named without its trailing slash still holds the other path.
  if (y.startsWith(`${x}/`) || x.startsWith(`${y}/`)) return true;
  const px = literalPrefix(x);
  const py = literalPrefix(y);
  const dirX = x.endsWith("/") || px !== x ? px : null;
  const dirY = y.endsWith("/") || py !== y ? py : null;
  if (dirX !== null && (py.startsWith(dirX) || (dirY !== null && dirX.startsWith(dirY)))) {
    return true;
  }
  if (dirY !== null && px.startsWith(dirY)) return true;
  return false;
}

function clash(story: UserStory, batch: readonly UserStory[]): string | null {
  for (const other of batch) {
    for (const f of other.files ?? []) {
      for (const g of story.files ?? []) {
        if (pathsOverlap(f, g)) {
          return `${story.id} and ${other.id} both change ${normalize(g) === normalize(f) ? normalize(g) : `${normalize(g)} / ${normalize(f)}`}`;
        }
      }
    }
  }
  return null;
}

/**
 * The next stories to run, from the pending stories in execution order: the first one, plus the
 * other pending stories of its group that name their files, overlap none of the batch's, up to
 * `max` in all. Pure: the caller runs the batch and says the reasons.
 */
export function nextParallelBatch(pending: readonly UserStory[], max: number): ParallelPlan {
  const first = pending[0];
  if (first === undefined) return { batch: [], sequential: [] };
  if (first.group === undefined || max < 2) return { batch: [first], sequential: [] };
  const mates = pending.slice(1).filter((s) => s.group === first.group);
  if ((first.files ?? []).length === 0) {
    return {
      batch: [first],
      sequential: mates.map((s) => ({
        storyId: s.id,
        reason: `${first.id} names no files it changes, so nothing can run beside it`,
      })),
    };
  }
  const batch: UserStory[] = [first];
  const sequential: ParallelPlan["sequential"] = [];
  for (const story of mates) {
    if ((story.files ?? []).length === 0) {
      sequential.push({ storyId: story.id, reason: `${story.id} names no files it changes` });
      continue;
    }
    const overlap = clash(story, batch);
    if (overlap !== null) {
      sequential.push({ storyId: story.id, reason: overlap });
      continue;
    }
    if (batch.length >= max) {
      sequential.push({
        storyId: story.id,
        reason: `parallel.max is ${max}: no room beside ${batch.map((s) => s.id).join(", ")}`,
      });
      continue;
    }
    batch.push(story);
  }
  return { batch, sequential };
}
