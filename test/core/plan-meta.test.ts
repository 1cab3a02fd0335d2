import { describe, expect, it } from "vitest";
import {
  activatePlanInfo,
  checkSpecRel,
  homePaths,
  invalidatePlanInfo,
  type PlanInfo,
  planInfoSchema,
  resumeAction,
  SpecPathError,
  specIdFromRel,
  specPaths,
} from "../../src/core/plan-meta.js";

const NOW = "2026-02-08T10:00:00.000Z";
const LATER = "2026-02-08T11:00:00.000Z";

const active: PlanInfo = {
  spec_rel: "issue-42-add-login.md",
  spec_id: "issue-42-add-login",
  status: "active",
  created_at_utc: NOW,
  invalidated_at_utc: null,
  invalidation_reason: null,
  attempt: 1,
};

/** The first plan of spec a.md, as seed 001 records it. */
const FIRST_OF_A: PlanInfo = { ...active, spec_rel: "a.md", spec_id: "a" };

describe("specPaths (DESIGN §5 layout)", () => {
  it("lays out an issue spec under .ralph", () => {
    const p = specPaths(".ralph", "issue-42-add-login.md");
    expect({ ...p, archive: p.archive(1) }).toEqual({
      spec: ".ralph/specs/issue-42-add-login.md",
      plan: ".ralph/specs/plans/issue-42-add-login.md",
      planMeta: ".ralph/specs/plans/issue-42-add-login.json",
      prd: ".ralph/specs/plans/issue-42-add-login.prd.json",
      verdicts: ".ralph/specs/plans/issue-42-add-login.stories.json",
      research: ".ralph/specs/plans/issue-42-add-login.research.json",
      decisions: ".ralph/specs/plans/issue-42-add-login.decisions.json",
      consensus: ".ralph/specs/plans/issue-42-add-login.consensus.json",
      archive: ".ralph/specs/plans/issue-42-add-login.attempt-1.md",
      done: ".ralph/specs/done/issue-42-add-login.md",
      candidate: ".ralph/specs/candidates/issue-42-add-login.json",
      progress: ".ralph/progress.md",
      codebaseMap: ".ralph/codebase_map.md",
    });
  });

  it("mirrors nested specs (seed 000 area/0002-bar.md)", () => {
    const p = specPaths("./tools/ralph/", "area/0002-bar.md");
    expect(p.plan).toBe("tools/ralph/specs/plans/area/0002-bar.md");
    expect(p.planMeta).toBe("tools/ralph/specs/plans/area/0002-bar.json");
    expect(p.archive(3)).toBe("tools/ralph/specs/plans/area/0002-bar.attempt-3.md");
    expect(p.done).toBe("tools/ralph/specs/done/area/0002-bar.md");
    expect(p.candidate).toBe("tools/ralph/specs/candidates/area/0002-bar.json");
  });

  it("handles ralph_home at the repo root", () => {
    expect(homePaths(".")).toMatchObject({ specsDir: "specs", progress: "progress.md" });
    expect(specPaths("", "a.md").plan).toBe("specs/plans/a.md");
  });

  it.each([
    "../escape.md",
    "/etc/passwd",
    "a/../../b.md",
    "C:/x.md",
    "",
    "a//b.md",
    "plans/x.md",
    "done/x.md",
  ])("rejects the untrusted spec path %j", (rel) => {
    expect(() => specPaths(".ralph", rel)).toThrow(SpecPathError);
  });

  it("rejects a bad archive attempt", () => {
    expect(() => specPaths(".ralph", "a.md").archive(0)).toThrow(SpecPathError);
    expect(() => specPaths(".ralph", "a.md").archive(0)).toThrow(
      "archive attempt must be a positive integer, got 0",
    );
  });

  it("reads ralph_home with backslashes, leading ./ and trailing slashes, never escaping it", () => {
    expect(homePaths(".ralph")).toEqual({
      home: ".ralph",
      specsDir: ".ralph/specs",
      plansDir: ".ralph/specs/plans",
      doneDir: ".ralph/specs/done",
      candidatesDir: ".ralph/specs/candidates",
      localDir: ".ralph/local",
      runsDir: ".ralph/runs",
      progress: ".ralph/progress.md",
      codebaseMap: ".ralph/codebase_map.md",
    });
    expect(homePaths("tools\\ralph").home).toBe("tools/ralph");
    expect(homePaths("././ralph//").home).toBe("ralph");
    expect(homePaths("../ralph").home).toBe("../ralph");
  });

  const OUTSIDE = "spec path must be relative to specs/";
  const SEGMENT = 'spec path has an empty, "." or ".." segment';
  const MANAGED = "spec path is inside a folder Ralph manages";
  it.each([
    ["", OUTSIDE],
    ["/etc/passwd", OUTSIDE],
    ["C:/x.md", OUTSIDE],
    ["a//b.md", SEGMENT],
    ["./a.md", SEGMENT],
    ["a/../../b.md", SEGMENT],
    ["plans/x.md", MANAGED],
    ["done/x.md", MANAGED],
    ["candidates/x.md", MANAGED],
    ["sessions/x.md", MANAGED],
  ])("says why the spec path %j is refused", (rel, why) => {
    expect(() => checkSpecRel(rel)).toThrow(new SpecPathError(`${why}: "${rel}"`));
    expect(() => checkSpecRel(rel)).toThrow(expect.objectContaining({ name: "SpecPathError" }));
  });

  it.each([
    ["area\\0002-bar.md", "area/0002-bar.md"],
    ["plans", "plans"],
    ["notes/meet:later.md", "notes/meet:later.md"],
  ])("takes the spec path %j as %j", (rel, taken) => {
    expect(checkSpecRel(rel)).toBe(taken);
  });

  it.each([
    ["area/0002-bar.md", "0002-bar"],
    ["issue-42-add-login.md", "issue-42-add-login"],
    ["area\\0003-baz.md", "0003-baz"],
    ["area/notes", "notes"],
  ])("derives the spec id of %j like seed 001 (file stem): %j", (rel, id) => {
    expect(specIdFromRel(rel)).toBe(id);
  });
});

describe("PlanInfo schema", () => {
  it("reads missing status/attempt the way seed 001 load_plan_info does", () => {
    expect(planInfoSchema.parse({ spec_rel: "a.md", spec_id: "a", created_at_utc: NOW })).toEqual(
      FIRST_OF_A,
    );
  });

  it.each([
    [{ ...active, status: "done" }],
    [{ ...active, attempt: 0 }],
    [{ ...active, attempt: 1.5 }],
    [{ ...active, spec_rel: undefined }],
  ])("rejects %j", (raw) => {
    expect(planInfoSchema.safeParse(raw).success).toBe(false);
  });
});

describe("resumeAction (seed 000 Resume Behavior)", () => {
  const invalidated = invalidatePlanInfo(active, "wrong module", LATER);

  it.each([
    ["missing json and md", null, false, false, { kind: "fresh", corrupt: false, previous: null }],
    ["missing json, empty md", null, true, false, { kind: "fresh", corrupt: false }],
    ["md without json", null, true, true, { kind: "adopt_handwritten" }],
    ["active json and md", active, true, true, { kind: "active", info: active }],
    ["active json as raw text", JSON.stringify(active), true, true, { kind: "active" }],
    ["invalidated json", invalidated, false, false, { kind: "replan", info: invalidated }],
    ["invalidated json, md present", invalidated, true, true, { kind: "replan" }],
    ["active json, md gone", active, false, false, { kind: "fresh", previous: active }],
    ["active json, md empty", active, true, false, { kind: "fresh", previous: active }],
  ])("%s", (_name, metaJson, planMdExists, planMdNonEmpty, expected) => {
    expect(resumeAction({ metaJson, planMdExists, planMdNonEmpty })).toMatchObject(expected);
  });

  it.each([
    [null, null],
    [undefined, null],
    [active, active],
  ])("without a plan file, meta %j plans afresh, nothing corrupt", (metaJson, previous) => {
    expect(resumeAction({ metaJson, planMdExists: false, planMdNonEmpty: false })).toEqual({
      kind: "fresh",
      corrupt: false,
      previous,
      errors: [],
    });
  });

  it.each([
    ["{not json", /not valid JSON/],
    ['{"spec_rel": "a.md"}', /spec_id/],
    [{ ...active, status: "weird" }, /status/],
    ['"a string"', /(root)/],
  ])("treats corrupt meta %j as fresh, reporting it", (metaJson, error) => {
    const r = resumeAction({ metaJson, planMdExists: true, planMdNonEmpty: true });
    expect(r).toMatchObject({ kind: "fresh", corrupt: true, previous: null });
    if (r.kind === "fresh") expect(r.errors.join("\n")).toMatch(error);
  });
});

describe("plan invalidation and attempt numbering (seed 001)", () => {
  it("invalidates with reason and time, keeping the attempt", () => {
    expect(invalidatePlanInfo(active, "  edits a\n  generated  file ", LATER)).toEqual({
      ...active,
      status: "invalidated",
      invalidated_at_utc: LATER,
      invalidation_reason: "edits a generated file",
    });
  });

  it("numbers attempts: first 1, re-plan after invalidation +1, active re-write keeps", () => {
    const first = activatePlanInfo(null, "a.md", "a", NOW);
    expect(first).toEqual(FIRST_OF_A);
    const second = activatePlanInfo(invalidatePlanInfo(first, "r1", LATER), "a.md", "a", LATER);
    expect(second).toMatchObject({ status: "active", attempt: 2, invalidation_reason: null });
    const third = activatePlanInfo(invalidatePlanInfo(second, "r2", LATER), "a.md", "a", LATER);
    expect(third.attempt).toBe(3);
    expect(activatePlanInfo(third, "a.md", "a", LATER).attempt).toBe(3);
  });

  it("archives each invalidated attempt under its own name", () => {
    const p = specPaths(".ralph", "a.md");
    const info = invalidatePlanInfo({ ...active, attempt: 2 }, "r", LATER);
    expect(p.archive(info.attempt)).toBe(".ralph/specs/plans/a.attempt-2.md");
  });
});
