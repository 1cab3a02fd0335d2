import * as z from "zod";
import { formatZodIssues } from "./zod-errors.js";

/** Seed 002 task files (`tasks/task-NNN.json`) and task-graph validation. */

export const TASK_ID_PATTERN = /^task-\d{3,}$/;

export const taskStatusSchema = z.enum(["pending", "in_progress", "completed", "failed"]);

export const taskSchema = z.object({
  id: z.string().regex(TASK_ID_PATTERN, "must look like task-001"),
  title: z.string().min(1),
  description: z.string().min(1),
  acceptance_criteria: z.array(z.string().min(1)).min(1),
  dependencies: z.array(z.string()),
  parallel_group: z.number().int().min(1),
  files_to_modify: z.array(z.string()),
  context: z
    .object({
      research_refs: z.array(z.string()).optional(),
      decisions_refs: z.array(z.string()).optional(),
      notes: z.string().optional(),
    })
    .optional(),
  status: taskStatusSchema,
  estimated_complexity: z.enum(["low", "medium", "high"]).optional(),
});
export type Task = z.infer<typeof taskSchema>;

/** The part of a task the graph checks look at. */
export interface TaskNode {
  id: string;
  dependencies: readonly string[];
  parallel_group: number;
}

export type TaskGraphResult = { ok: true; order: string[] } | { ok: false; errors: string[] };

const MAX_CYCLES_REPORTED = 10;

/**
 * Every cycle the DFS closes (one per back edge), as `a -> b -> a`, deduplicated by rotation.
 * Iterative so a long dependency chain cannot overflow the stack.
 */
function findCycles(ids: string[], deps: Map<string, string[]>): string[][] {
  const color = new Map<string, 0 | 1 | 2>(ids.map((id) => [id, 0]));
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const root of ids) {
    if (color.get(root) !== 0) continue;
    const path: string[] = [root];
    const iters: number[] = [0];
    color.set(root, 1);
    while (path.length > 0) {
      const node = path.at(-1)!;
      const next = deps.get(node) ?? [];
      const i = iters[iters.length - 1]!;
      if (i >= next.length) {
        color.set(node, 2);
        path.pop();
        iters.pop();
        continue;
      }
      iters[iters.length - 1] = i + 1;
      const dep = next[i]!;
      const c = color.get(dep);
      if (c === 0) {
        color.set(dep, 1);
        path.push(dep);
        iters.push(0);
      } else if (c === 1) {
        const cycle = path.slice(path.lastIndexOf(dep));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const key = [...cycle.slice(start), ...cycle.slice(0, start)].join("\u0000");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, dep]);
        }
      }
    }
  }
  return cycles;
}

/**
 * Seed 002 "Task File Validation" plus the parallel-group rule ("Group N: tasks that depend only on
 * tasks in groups < N"). `order` runs by parallel group, then file order — a valid topological
 * order once the groups are consistent. Errors name the offending id or edge. Never throws.
 */
export function validateTaskGraph(tasks: readonly TaskNode[]): TaskGraphResult {
  const errors: string[] = [];
  const first = new Map<string, TaskNode>();
  const deps = new Map<string, string[]>();
  for (const t of tasks) {
    if (first.has(t.id)) errors.push(`duplicate task id: ${t.id}`);
    else first.set(t.id, t);
    // Duplicates merge their edges so no dependency is silently dropped from the cycle check.
    const known = deps.get(t.id) ?? [];
    deps.set(t.id, [...known, ...t.dependencies]);
  }
  for (const t of tasks) {
    if (!Number.isInteger(t.parallel_group) || t.parallel_group < 1) {
      errors.push(`${t.id}: parallel_group must be a positive integer, got ${t.parallel_group}`);
    }
    for (const d of t.dependencies) {
      if (!first.has(d)) errors.push(`${t.id} depends on unknown task ${d}`);
    }
  }
  const ids = [...first.keys()];
  const knownDeps = new Map(
    ids.map((id) => [id, (deps.get(id) ?? []).filter((d) => first.has(d))]),
  );
  const cycles = findCycles(ids, knownDeps);
  for (const c of cycles.slice(0, MAX_CYCLES_REPORTED)) errors.push(`cycle: ${c.join(" -> ")}`);
  if (cycles.length > MAX_CYCLES_REPORTED) {
    errors.push(`…and ${cycles.length - MAX_CYCLES_REPORTED} more cycles`);
  }
  for (const t of tasks) {
    for (const d of new Set(t.dependencies)) {
      const dep = first.get(d);
      if (dep === undefined || d === t.id) continue; // unknown: reported; self: a cycle
      if (!(t.parallel_group > dep.parallel_group)) {
        errors.push(
          `${t.id} (group ${t.parallel_group}) depends on ${d} (group ${dep.parallel_group})`,
        );
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors: [...new Set(errors)] };
  const order = tasks
    .map((t, index) => ({ t, index }))
    .sort((a, b) => a.t.parallel_group - b.t.parallel_group || a.index - b.index)
    .map(({ t }) => t.id);
  return { ok: true, order };
}

/** Validates raw task files (schema per file, then the graph); errors name the file index / id. */
export function validateTaskFiles(raws: readonly unknown[]): TaskGraphResult {
  const errors: string[] = [];
  const tasks: Task[] = [];
  raws.forEach((raw, index) => {
    const parsed = taskSchema.safeParse(raw);
    if (parsed.success) {
      tasks.push(parsed.data);
      return;
    }
    const id =
      typeof raw === "object" && raw !== null && typeof (raw as { id?: unknown }).id === "string"
        ? (raw as { id: string }).id
        : `#${index + 1}`;
    for (const line of formatZodIssues(parsed.error)) errors.push(`${id}: ${line}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  return validateTaskGraph(tasks);
}
