/**
 * Fuzz (issue 10): every parser of untrusted text — comment bodies, planner envelopes, PRDs,
 * verdict text, state blocks, config files — takes 10,000 generated inputs each without an
 * exception escaping (only the typed errors its callers handle), and keeps its promises on them.
 * Plus the handler itself: random comment bodies through the BUILT App never make it throw.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommands } from "../../src/core/commands.js";
import { ConfigError, parseConfig, type RalphConfig } from "../../src/core/config.js";
import type { Actor, Permission } from "../../src/core/events.js";
import { extractLastJsonObject } from "../../src/core/extract-json.js";
import { transition } from "../../src/core/machine/index.js";
import { prdRevision, validateEnvelope, validatePrd } from "../../src/core/prd.js";
import { sanitizeUntrusted } from "../../src/core/sanitize.js";
import { machineStateSchema } from "../../src/core/state.js";
import { decodeStateBlock, encodeStateBlock, StateBlockError } from "../../src/core/state-codec.js";
import { parseVerdict } from "../../src/core/verdict.js";
import { parseConfigText } from "../../src/github/config.js";
import { machineStateArb } from "../core/state-arbitrary.js";
import { issueCommentCreated } from "../fixtures/webhooks/index.js";
import { user } from "../support/fake-github/index.js";
import { type BuiltApp, buildApp, type Cluster, startCluster } from "./built-app.js";

const RUNS = { numRuns: 10_000 };

/** Text shaped like what people and agents write: markdown, commands, markers, hidden characters. */
const piece = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "/ralph plan",
    "/ralph ",
    "/approve",
    "/reject",
    "```",
    "~~~",
    "> ",
    "    ",
    "`",
    "<!--",
    "-->",
    "<!-- ralph:status -->",
    "<!-- ralph:state v1 ",
    "<details>",
    "</details>",
    "RALPH_VERDICT: PASS",
    "RALPH_VERDICT: FAIL",
    "PLAN_INVALIDATION: x",
    "| a | pass |",
    "|---|---|",
    "\u200b",
    "\u202e",
    "\r\n",
    "\n",
    "{",
    "}",
    '"userStories":',
    "\ud800",
  ),
);
const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(""));
/** Acceptance criteria a verdict must name: the fuzzed text's table rows name `a` now and then. */
const criteria = fc.array(fc.constantFrom("a", "b", "works"), { minLength: 1, maxLength: 2 });
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.record({
    branchName: fc.oneof(fc.string(), fc.constant("ralph/x")),
    userStories: fc.array(
      fc.record({
        id: fc.string({ maxLength: 8 }),
        title: fc.string({ maxLength: 20 }),
        acceptanceCriteria: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
        priority: fc.oneof(fc.integer(), fc.double()),
        passes: fc.boolean(),
        notes: fc.string({ maxLength: 10 }),
      }),
      { maxLength: 4 },
    ),
  }),
);

describe("fuzz: parsers of untrusted text (10,000 cases each)", () => {
  it("comment bodies: commands parse, hidden text is stripped, nothing throws", () => {
    fc.assert(
      fc.property(text, (body) => {
        const commands = parseCommands(body);
        expect(Array.isArray(commands)).toBe(true);
        const clean = sanitizeUntrusted(body);
        expect(clean).not.toMatch(/[\u200b\u202e]/);
        expect(clean).not.toContain("<!--");
      }),
      RUNS,
    );
  });

  it("comment bodies as events: the core machine takes any of them, in any state, from anyone, without an exception", () => {
    const config = parseConfig({});
    // 200 random states drawn once: generating a fresh one per case would triple the time.
    const states = fc.constantFrom(...fc.sample(machineStateArb, { numRuns: 200, seed: 10 }));
    const actor: fc.Arbitrary<Actor> = fc.record({
      login: fc.constantFrom("alice", "reader", "octo-author", "renovate[bot]"),
      permission: fc.constantFrom<Permission>(
        "admin",
        "maintain",
        "write",
        "triage",
        "read",
        "none",
      ),
      isBot: fc.boolean(),
      isIssueAuthor: fc.boolean(),
    });
    fc.assert(
      fc.property(states, text, actor, fc.nat(), (state, body, who, id) => {
        // One event per body: its first command, or the comment as an answer.
        const [command] = parseCommands(body);
        const event =
          command === undefined
            ? { type: "comment" as const, body: sanitizeUntrusted(body), actor: who, commentId: id }
            : { type: "command" as const, command, actor: who, commentId: id, goal: "Add login" };
        const out = transition(state, event, config);
        // transition turns an exception into an "internal error" reply: none may fire.
        for (const e of out.effects) {
          if (e.type === "reply") expect(e.body).not.toMatch(/internal error/);
        }
        expect(machineStateSchema.safeParse(out.state).success).toBe(true);
      }),
      RUNS,
    );
  });

  it("planner envelopes: the last JSON object of agent output validates or is refused, never throws", () => {
    fc.assert(
      fc.property(text, jsonish, (before, value) => {
        const output = `${before}\n${JSON.stringify({ questions: [], uncertainties: [], prdDraft: value })}`;
        const found = extractLastJsonObject(output);
        if ("value" in found) {
          const result = validateEnvelope(found.value);
          expect(typeof result.ok).toBe("boolean");
        }
      }),
      RUNS,
    );
  });

  it("PRDs: validated or refused with reasons; a valid one has a stable revision", () => {
    fc.assert(
      fc.property(jsonish, fc.string({ maxLength: 40 }), (raw, plan) => {
        const result = validatePrd(raw);
        if (result.ok)
          expect(prdRevision(result.value, plan)).toBe(prdRevision(result.value, plan));
        else expect(result.errors.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it("verdict text: never throws; PASS only with a proper block at the end", () => {
    fc.assert(
      fc.property(text, criteria, (output, expected) => {
        const verdict = parseVerdict(output, expected);
        if (verdict.verdict !== "PASS") return;
        // A PASS names every expected criterion in its table.
        for (const criterion of expected) expect(output).toContain(criterion.trim());
        // DESIGN §4.4: after the PASS line only blank lines, fences and the criteria table.
        const lines = output.split(/\r?\n/);
        const passLines = lines.flatMap((l, i) =>
          /^\s*RALPH_VERDICT:\s*PASS\s*$/.test(l) ? [i] : [],
        );
        const last = passLines.at(-1) ?? -1;
        expect(last).toBeGreaterThanOrEqual(0);
        for (const line of lines.slice(last + 1)) {
          expect(line.trim()).toMatch(/^$|^(```+|~~~+)$|^\|/);
        }
        // Every verdict line agrees, and a plan invalidation is never a PASS.
        expect(output).not.toMatch(/^\s*RALPH_VERDICT:\s*FAIL\s*$|^\s*PLAN_INVALIDATION:\s*\S/m);
      }),
      RUNS,
    );
  });

  it("state blocks: a random or damaged block is a StateBlockError, a real one round-trips", () => {
    fc.assert(
      fc.property(text, (body) => {
        try {
          decodeStateBlock(`<!-- ralph:status -->\n${body}`);
        } catch (error) {
          expect(error).toBeInstanceOf(StateBlockError);
        }
      }),
      RUNS,
    );
    fc.assert(
      fc.property(machineStateArb, fc.nat(), (state, cut) => {
        const block = encodeStateBlock(state);
        expect(decodeStateBlock(`<!-- ralph:status -->\n${block}`)).toEqual(state);
        const damaged = block.slice(0, cut % block.length) + block.slice((cut % block.length) + 1);
        try {
          decodeStateBlock(`<!-- ralph:status -->\n${damaged}`);
        } catch (error) {
          expect(error).toBeInstanceOf(StateBlockError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("config files: defaults, a config, or a ConfigError naming the problem; nothing else", () => {
    const check = (parse: () => RalphConfig) => {
      try {
        expect(parse().approvals.required).toBeGreaterThanOrEqual(1);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).issues.length).toBeGreaterThan(0);
      }
    };
    const section = fc.oneof(
      fc.jsonValue({ maxDepth: 1 }),
      fc.dictionary(
        fc.constantFrom("required", "reactions", "run", "max_attempts", "labels", "on_open", "x"),
        fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 6 }), fc.constant(null)),
        { maxKeys: 3 },
      ),
    );
    const configObject = fc.dictionary(
      fc.constantFrom(
        "approvals",
        "gates",
        "limits",
        "trigger",
        "agent",
        "planning",
        "verify",
        "x",
      ),
      section,
      { maxKeys: 4 },
    );
    // The schema on 10,000 parsed files, and 10,000 texts through the YAML parser first.
    fc.assert(
      fc.property(configObject, (raw) => check(() => parseConfig(raw))),
      RUNS,
    );
    const yamlText = fc.oneof(
      text,
      configObject.map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(yamlText, (yaml) => check(() => parseConfigText(yaml))),
      RUNS,
    );
  });
});

describe("fuzz: the built App's comment handler", () => {
  let app: BuiltApp;
  let c: Cluster;
  beforeAll(async () => {
    app = await buildApp();
    c = await startCluster(app, 1);
    c.fake.grant("alice", "write");
    c.fake.issues.set(42, { number: 42, title: "t", body: "b", user: { login: "alice" } });
  });
  afterAll(() => {
    c?.stop();
    app?.dispose();
  });

  it("random comment bodies by a write user never make a delivery fail", async () => {
    await fc.assert(
      fc.asyncProperty(text, async (body) => {
        const comment = c.fake.addComment(42, body, user("alice"));
        await c.receive(
          "issue_comment",
          issueCommentCreated({
            issue: { number: 42, title: "t", body: "b", author: "alice" },
            comment: { ...comment, user: user("alice") },
          }),
        );
      }),
      { numRuns: 150 },
    );
    expect(c.fake.unhandled).toEqual([]);
    expect(c.fake.tooLong).toEqual([]);
  });
});
