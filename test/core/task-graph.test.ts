import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type TaskNode,
  taskSchema,
  validateTaskFiles,
  validateTaskGraph,
} from "../../src/core/task-graph.js";

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/seeds", name), "utf8"));
}

const node = (id: string, dependencies: string[], parallel_group: number): TaskNode => ({
  id,
  dependencies,
  parallel_group,
});

describe("task schema (seed 002 task-NNN.json)", () => {
  it("accepts the seed's task example", () => {
    const raw = fixture<object>("task-001-full.json");
    expect(taskSchema.parse(raw)).toEqual(raw);
  });

  it("validates task files and names the bad file", () => {
    const full = fixture<Record<string, unknown>>("task-001-full.json");
    expect(validateTaskFiles([full])).toEqual({ ok: true, order: ["task-001"] });
    const r = validateTaskFiles([full, { ...full, id: "task-002", status: "done" }, { id: 5 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toContain(
        'task-002: status: Invalid option: expected one of "pending"|"in_progress"|"completed"|"failed"',
      );
      expect(r.errors.some((e) => e.startsWith("#3: id: "))).toBe(true);
    }
  });
});

describe("validateTaskGraph", () => {
  it("accepts the seed's dependency graph, ordered by parallel group", () => {
    expect(validateTaskGraph(fixture<TaskNode[]>("task-graph-valid.json"))).toEqual({
      ok: true,
      order: ["task-001", "task-002", "task-003", "task-004", "task-005"],
    });
  });

  it("rejects the seed graph broken into a cycle, naming the cycle", () => {
    const r = validateTaskGraph(fixture<TaskNode[]>("task-graph-cycle.json"));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toContain("cycle: task-002 -> task-004 -> task-002");
      expect(r.errors).toContain("task-002 (group 2) depends on task-004 (group 3)");
    }
  });

  it("keeps file order within a group", () => {
    const r = validateTaskGraph([
      node("task-003", [], 1),
      node("task-002", ["task-003"], 2),
      node("task-001", [], 1),
    ]);
    expect(r).toEqual({ ok: true, order: ["task-003", "task-001", "task-002"] });
  });

  it.each([
    [
      "duplicate id",
      [node("task-001", [], 1), node("task-001", [], 1)],
      ["duplicate task id: task-001"],
    ],
    [
      "unknown dependency",
      [node("task-001", ["task-009"], 2)],
      ["task-001 depends on unknown task task-009"],
    ],
    ["self dependency", [node("task-001", ["task-001"], 1)], ["cycle: task-001 -> task-001"]],
    [
      "same-group dependency",
      [node("task-003", [], 2), node("task-004", ["task-003"], 2)],
      ["task-004 (group 2) depends on task-003 (group 2)"],
    ],
    [
      "bad group",
      [node("task-001", [], 0)],
      ["task-001: parallel_group must be a positive integer, got 0"],
    ],
    [
      "three-node cycle",
      [
        node("task-001", ["task-003"], 3),
        node("task-002", ["task-001"], 1),
        node("task-003", ["task-002"], 2),
      ],
      [
        "cycle: task-001 -> task-003 -> task-002 -> task-001",
        "task-002 (group 1) depends on task-001 (group 3)",
      ],
    ],
  ])("reports %s", (_name, tasks, errors) => {
    expect(validateTaskGraph(tasks)).toEqual({ ok: false, errors });
  });

  it("handles a long chain without overflowing the stack", () => {
    const n = 20_000;
    const chain = Array.from({ length: n }, (_, i) =>
      node(`task-${i}`, i === 0 ? [] : [`task-${i - 1}`], i + 1),
    );
    const r = validateTaskGraph(chain);
    expect(r.ok && r.order.length).toBe(n);
    chain[0] = node("task-0", [`task-${n - 1}`], 1);
    const broken = validateTaskGraph(chain);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors.some((e) => e.startsWith("cycle: task-0 -> "))).toBe(true);
  });

  /** Reference: recursive DFS over the id graph (duplicates merged, unknown deps dropped). */
  function hasCycle(tasks: TaskNode[]): boolean {
    const ids = new Set(tasks.map((t) => t.id));
    const adj = new Map<string, string[]>();
    for (const t of tasks) {
      adj.set(t.id, [...(adj.get(t.id) ?? []), ...t.dependencies.filter((d) => ids.has(d))]);
    }
    const state = new Map<string, "visiting" | "done">();
    const visit = (v: string): boolean => {
      if (state.get(v) === "visiting") return true;
      if (state.get(v) === "done") return false;
      state.set(v, "visiting");
      const found = (adj.get(v) ?? []).some(visit);
      state.set(v, "done");
      return found;
    };
    return [...ids].some(visit);
  }

  const graphArb = fc.integer({ min: 0, max: 8 }).chain((n) =>
    fc.array(
      fc.record({
        id: fc.integer({ min: 0, max: n + 1 }).map((i) => `task-${i}`),
        dependencies: fc.array(
          fc.integer({ min: 0, max: n + 2 }).map((i) => `task-${i}`),
          { maxLength: 4 },
        ),
        parallel_group: fc.integer({ min: -1, max: 5 }),
      }),
      { maxLength: n + 1 },
    ),
  );

  it("never throws, and reports a cycle iff the reference DFS finds one", () => {
    fc.assert(
      fc.property(graphArb, (tasks) => {
        const r = validateTaskGraph(tasks);
        const reported = !r.ok && r.errors.some((e) => e.startsWith("cycle: "));
        expect(reported).toBe(hasCycle(tasks));
        if (r.ok) {
          const pos = new Map(r.order.map((id, i) => [id, i]));
          for (const t of tasks) {
            for (const d of t.dependencies) expect(pos.get(d)!).toBeLessThan(pos.get(t.id)!);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reported cycles are real paths in the graph", () => {
    fc.assert(
      fc.property(graphArb, (tasks) => {
        const r = validateTaskGraph(tasks);
        if (r.ok) return;
        for (const e of r.errors.filter((x) => x.startsWith("cycle: "))) {
          const path = e.slice("cycle: ".length).split(" -> ");
          expect(path[0]).toBe(path.at(-1));
          for (let i = 0; i + 1 < path.length; i++) {
            const edge = tasks.some(
              (t) => t.id === path[i] && t.dependencies.includes(path[i + 1]!),
            );
            expect(edge).toBe(true);
          }
        }
      }),
    );
  });
});
