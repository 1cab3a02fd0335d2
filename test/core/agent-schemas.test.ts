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
  it.each([
    ["planner-envelope", "Ralph planner envelope", "(RALPH_PHASE=plan)"],
    ["prd", "Ralph PRD", "the file RALPH_PRD_FILE names"],
    ["research-reply", "Ralph research reply", "(RALPH_PHASE=research)"],
    ["amend-envelope", "Ralph amend envelope", "(RALPH_PHASE=amend)"],
    ["feedback-file", "Ralph follow-up feedback file", "the file RALPH_FEEDBACK_FILE names"],
  ] as const)("%s is titled %j and says where it is used", (name, title, where) => {
    const schema = schemaOf(name);
    expect(schema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      title,
    });
    expect(schema.description).toContain(where);
  });

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
