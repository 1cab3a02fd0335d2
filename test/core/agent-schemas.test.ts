import { describe, expect, it } from "vitest";
import {
  PUBLISHED_SCHEMAS,
  type PublishedSchemaName,
  publishedJsonSchema,
} from "../../src/core/agent-schemas.js";

type JsonSchema = Record<string, unknown> & {
  properties: Record<string, JsonSchema>;
  items: JsonSchema;
  required: string[];
};
const schemaOf = (name: PublishedSchemaName) => publishedJsonSchema(name) as JsonSchema;

describe("the published JSON Schemas of the agents' replies (issue 20)", () => {
  // The names are the files under schemas/ (test/repo/schemas.test.ts checks the files).
  const PUBLISHED: Record<PublishedSchemaName, { title: string; where: string }> = {
    "planner-envelope": { title: "Ralph planner envelope", where: "(RALPH_PHASE=plan)" },
    prd: { title: "Ralph PRD", where: "the file RALPH_PRD_FILE names" },
    "research-reply": { title: "Ralph research reply", where: "(RALPH_PHASE=research)" },
    "amend-envelope": { title: "Ralph amend envelope", where: "(RALPH_PHASE=amend)" },
    "feedback-file": {
      title: "Ralph follow-up feedback file",
      where: "the file RALPH_FEEDBACK_FILE names",
    },
  };

  it.each(Object.keys(PUBLISHED) as PublishedSchemaName[])(
    "%s says what it is and where it is used",
    (name) => {
      const { title, where } = PUBLISHED[name];
      const schema = schemaOf(name);
      expect(schema).toMatchObject({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        title,
      });
      expect(schema.description).toContain(where);
    },
  );

  it("publishes the five replies, no more", () => {
    expect(Object.keys(PUBLISHED_SCHEMAS)).toEqual([
      "planner-envelope",
      "prd",
      "research-reply",
      "amend-envelope",
      "feedback-file",
    ]);
  });

  it("the planner envelope's prdDraft is the strict PRD, or null", () => {
    const { $schema: _, title: _t, description: _d, ...prd } = schemaOf("prd");
    expect(schemaOf("planner-envelope").properties.prdDraft).toEqual({
      anyOf: [prd, { type: "null" }],
    });
  });

  it("a reply is published as the agent writes it: the research reply may carry unknown keys", () => {
    // Ralph drops them on reading ("Unknown keys are dropped"); the strict replies refuse them.
    expect(schemaOf("research-reply").additionalProperties).toBeUndefined();
    expect(schemaOf("amend-envelope").additionalProperties).toBe(false);
  });

  it("the feedback file is published as Ralph writes it: every thread and failure has its url", () => {
    const { threads, ciFailures } = schemaOf("feedback-file").properties;
    expect(threads!.items.required).toContain("url");
    expect(ciFailures!.items.required).toContain("url");
  });
});
