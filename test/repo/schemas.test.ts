/**
 * The published JSON Schemas (issue 20): each file under schemas/ is what `npm run schemas`
 * generates from its zod source today (a drift fails here), every one is a valid draft 2020-12
 * schema, and it agrees with the zod schema on the replies docs/agents.md shows and on a broken
 * one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  PUBLISHED_SCHEMAS,
  type PublishedSchemaName,
  publishedJsonSchema,
} from "../../src/core/agent-schemas.js";
import { feedbackFileOf, followUpFeedbackSchema } from "../../src/core/followup.js";
import { prdSchema } from "../../src/core/prd.js";
import { agentsDoc, ROOT, replyExample } from "./agents-doc.js";

const NAMES = Object.keys(PUBLISHED_SCHEMAS) as PublishedSchemaName[];
const fileOf = (name: string) => join(ROOT, "schemas", `${name}.schema.json`);
const generated = (name: PublishedSchemaName) =>
  `${JSON.stringify(publishedJsonSchema(name), null, 2)}\n`;

function validator(name: PublishedSchemaName) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(fileOf(name), "utf8")));
}

describe("schemas/ matches its zod sources", () => {
  it.each(NAMES)("%s.schema.json is what `npm run schemas` writes", (name) => {
    expect(readFileSync(fileOf(name), "utf8")).toBe(generated(name));
  });

  it("holds no schema without a source", () => {
    const files = readdirSync(join(ROOT, "schemas")).sort();
    expect(files).toEqual(NAMES.map((n) => `${n}.schema.json`).sort());
  });

  it("would catch a zod change the file does not have", () => {
    const changed = prdSchema.extend({ owner: z.string() });
    const schema = { ...z.toJSONSchema(changed, { io: "input" }), title: "", description: "" };
    expect(JSON.stringify(schema)).not.toBe(
      JSON.stringify({ ...publishedJsonSchema("prd"), title: "", description: "" }),
    );
  });

  it("`npm run schemas` is the script that writes them", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.schemas).toContain("scripts/schemas.ts");
  });
});

describe("the JSON Schemas agree with Ralph on the documented replies", () => {
  const doc = agentsDoc();

  it("every schema compiles as draft 2020-12 and says what it is", () => {
    for (const name of NAMES) {
      expect(() => validator(name)).not.toThrow();
      expect(publishedJsonSchema(name)).toMatchObject({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        title: expect.any(String),
      });
    }
  });

  it("the planner envelope and its PRD", () => {
    const envelope = JSON.parse(replyExample(doc, "plan"));
    const valid = validator("planner-envelope");
    expect(valid(envelope), JSON.stringify(valid.errors)).toBe(true);
    expect(validator("prd")(envelope.prdDraft)).toBe(true);
    expect(valid({ ...envelope, prdDraft: null })).toBe(true);
    // A key the strict PRD does not have: both the JSON Schema and zod refuse it.
    const story = { ...envelope.prdDraft.userStories[0], status: "todo" };
    const broken = { ...envelope, prdDraft: { ...envelope.prdDraft, userStories: [story] } };
    expect(valid(broken)).toBe(false);
    expect(valid.errors).toContainEqual(
      expect.objectContaining({
        instancePath: "/prdDraft/userStories/0",
        params: { additionalProperty: "status" },
      }),
    );
    expect(PUBLISHED_SCHEMAS["planner-envelope"].schema.safeParse(broken).success).toBe(false);
  });

  it("the amend envelope", () => {
    const reply = JSON.parse(replyExample(doc, "amend"));
    const valid = validator("amend-envelope");
    expect(valid(reply), JSON.stringify(valid.errors)).toBe(true);
    const story = { ...reply.followUps[0], priority: 1 };
    expect(valid({ ...reply, followUps: [story] })).toBe(false);
    expect(valid.errors?.[0]?.params).toEqual({ additionalProperty: "priority" });
    expect(valid({ ...reply, followUps: [] })).toBe(false);
    const schema = PUBLISHED_SCHEMAS["amend-envelope"].schema;
    expect(schema.safeParse({ ...reply, followUps: [story] }).success).toBe(false);
  });

  it("the feedback file, as Ralph writes it", () => {
    const example = JSON.parse(replyExample(doc, "feedback-file"));
    const valid = validator("feedback-file");
    expect(valid(example), JSON.stringify(valid.errors)).toBe(true);
    const written = feedbackFileOf({
      number: 2,
      source: "ci",
      by: null,
      feedback: followUpFeedbackSchema.parse({
        ciFailures: [{ check: "test (20)", conclusion: "failure", logTail: "1 failing" }],
      }),
      stories: [{ id: "FU-3", threads: [] }],
    });
    expect(valid(written), JSON.stringify(valid.errors)).toBe(true);
    // A thread without its url is what the agent never gets: Ralph always writes the key.
    const { url: _, ...thread } = example.threads[0];
    expect(valid({ ...example, threads: [thread] })).toBe(false);
  });

  it("the research reply", () => {
    const reply = JSON.parse(replyExample(doc, "research"));
    const valid = validator("research-reply");
    expect(valid(reply), JSON.stringify(valid.errors)).toBe(true);
    const { pitfalls: _, ...research } = reply.research;
    expect(valid({ ...reply, research })).toBe(false);
    expect(valid.errors?.[0]?.params).toEqual({ missingProperty: "pitfalls" });
    expect(
      PUBLISHED_SCHEMAS["research-reply"].schema.safeParse({ ...reply, research }).success,
    ).toBe(false);
  });
});
