/**
 * Seed 002 on GitHub, through the BUILT action (Actions-only mode) with scripted command agents:
 * research.json and decisions.json on Ralph's branch, one numbered decisions comment with the
 * recommendation and the critical flag, `/ralph skip` refused while a critical decision is open,
 * a question answered then asked again, and the decisions in the planner's prompt. A failed
 * research run does not block planning.
 */
import { describe, expect, it } from "vitest";
import { maintainerIssue } from "../action/flows.js";
import { planStep, prdOf, records, story } from "../fixtures/pipeline/scenario.js";
import { phasesOf as phases, scriptedIssue } from "./action-issue.js";
import { researchOutput } from "./fixtures.js";

const ISSUE = 1;
const BRANCH = "ralph/1-implement-oauth2-login-with-the-external";
const STEM = ".ralph/specs/plans/issue-1-implement-oauth2-login-with-the-external";

const CRITIC_OKAY =
  "CRITIC_FEEDBACK:\n- Verdict: OKAY\n- Critical Issues:\n  None\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  None\n";

describe("research and decisions through the built action", { timeout: 180_000 }, () => {
  const { world, comment } = scriptedIssue({
    title: "Implement OAuth2 login with the external token API",
    body: "Users sign in with the provider.",
  });

  it("critical decision blocks, skip refused, a question is answered, then the answer reaches the planner", async () => {
    const { w, handle } = await world({
      research: [{ envelope: researchOutput }],
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [{ stdout: CRITIC_OKAY }],
    });
    const planned = await comment(w, handle, "/ralph plan");
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.outputs.phase).toBe("decisions");
    expect(phases(handle)).toEqual(["research"]);
    expect(w.fake.stateOf(ISSUE)!.complexity).toBe("complex");
    const research = JSON.parse(w.remoteGit("show", `${BRANCH}:${STEM}.research.json`));
    expect(research.best_practices[0].practice).toBe("PKCE-EVERYWHERE");
    const decisionsComment = w.fake
      .botComments(ISSUE)
      .find((c) => c.body.includes("<!-- ralph:decisions -->"))!;
    expect(decisionsComment.body).toContain("### Decision 1: Token storage — **critical**");
    expect(decisionsComment.body).toContain(
      "**Recommendation:** option 2 (Server-side sessions) because revocable",
    );

    const skipped = await comment(w, handle, "/ralph skip");
    expect(skipped.outputs.phase).toBe("decisions");
    expect(w.fake.botComments(ISSUE).at(-1)!.body).toContain(
      "critical decisions cannot be skipped",
    );
    expect(phases(handle)).toEqual(["research"]);

    const asked = await comment(w, handle, "D1: which one is safer against XSS?");
    expect(asked.outputs.phase).toBe("decisions");
    const reasked = w.fake.botComments(ISSUE).at(-1)!.body;
    expect(reasked).toContain("**Asked:** which one is safer against XSS?");
    expect(reasked).toContain("Tokens must not leak to scripts.");

    const answered = await comment(w, handle, "D1: 2");
    expect(answered.code, answered.stdout).toBe(0);
    expect(answered.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    const prompt = records(handle.recordDir)[1]!.prompt;
    expect(prompt).toContain("D1 Token storage: option 2: Server-side sessions");
    expect(prompt).toContain("D2 Error display: option 1: Inline");
    expect(prompt).toContain("PKCE-EVERYWHERE");
    const decisions = JSON.parse(w.remoteGit("show", `${BRANCH}:${STEM}.decisions.json`));
    expect(decisions.decisions.map((d: { selected_option: number }) => d.selected_option)).toEqual([
      2, 1,
    ]);
    expect(decisions.critical_resolved).toBe(true);
    expect(decisions.decisions[0].follow_up_questions).toHaveLength(1);
    // The planning conversation is kept on the branch.
    const transcript = w.remoteGit("show", `${BRANCH}:${STEM}.transcript.md`);
    expect(transcript).toMatch(
      /- Research\n\nResearch done; decisions[\s\S]*- D1 \(critical\): Token storage/,
    );
    expect(transcript).toContain("- Decision D1 (Token storage): option 2");
    expect(transcript).toContain("PRD drafted (1 story)");
    expect(transcript).toContain("Critic verdict: OKAY");
  });

  it("a failed research run leaves research.json with the error and planning goes on", async () => {
    const { w, handle } = await world({
      research: [{ stdout: "crashed\n", exit: 2 }],
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [{ stdout: CRITIC_OKAY }],
    });
    const run = await comment(w, handle, "/ralph plan");
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    const research = JSON.parse(w.remoteGit("show", `${BRANCH}:${STEM}.research.json`));
    expect(research.error).toMatch(/Research run failed/);
    expect(w.fake.stateOf(ISSUE)!.phase).toBe("awaiting_approval");
  });

  it("a simple issue skips research", async () => {
    const { w, handle } = await world({ plan: [planStep(prdOf(story("US-1", 1)))] });
    w.fake.issues.get(ISSUE)!.title = "Fix a typo";
    const run = await maintainerIssue("Fix a typo", "teh → the").comment(
      w,
      handle.command,
      "/ralph plan",
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(["plan"]);
    expect(w.fake.stateOf(ISSUE)!.complexity).toBe("simple");
  });

  it("`/ralph skip` with only non-critical decisions open takes the recommendations and plans", async () => {
    const onlyD2 = { ...researchOutput, decisions: [researchOutput.decisions[1]] };
    const { w, handle } = await world({
      research: [{ envelope: onlyD2 }],
      plan: [planStep(prdOf(story("US-1", 1)))],
      critic: [{ stdout: CRITIC_OKAY }],
    });
    const planned = await comment(w, handle, "/ralph plan");
    expect(planned.outputs.phase).toBe("decisions");
    const skipped = await comment(w, handle, "/ralph skip");
    expect(skipped.code, skipped.stdout).toBe(0);
    expect(skipped.outputs.phase).toBe("awaiting_approval");
    expect(phases(handle)).toEqual(["research", "plan", "critic"]);
    expect(records(handle.recordDir)[1]!.prompt).toContain("D2 Error display: option 1: Inline");
    const decisions = JSON.parse(w.remoteGit("show", `${BRANCH}:${STEM}.decisions.json`));
    expect(decisions.decisions.map((d: { selected_option: number }) => d.selected_option)).toEqual([
      1,
    ]);
  });
});
