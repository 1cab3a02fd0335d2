import { describe, expect, it } from "vitest";
import {
  appendMapEntry,
  autoUnderstandCap,
  countNextTopics,
  DEFAULT_UNDERSTAND_TOPICS,
  defaultCodebaseMap,
  isMapStale,
  lastEntryDate,
  MapEntryError,
  nextTopicsChecklist,
  shouldPromptUnderstand,
  understandTriggers,
} from "../../src/core/codebase-map.js";

const MAP = [
  "# Codebase Map",
  "",
  "## Next Topics",
  "- [x] Build commands",
  "- [ ] Auth middleware",
  "  - [ ] Token refresh",
  "- [ ]no space is not an item",
  "",
  "## 2026-01-03 - Build commands",
  "npm test runs vitest.",
  "## 2026-01-10 - Routing",
  "## 2026-02-30 - not a real date",
  "## 2026-03-01 without the dash separator",
  "### 2026-04-01 - wrong heading level",
  "",
].join("\n");

describe("staleness (seed 003)", () => {
  it("takes the max valid `## YYYY-MM-DD - ` date", () => {
    expect(lastEntryDate(MAP)).toBe("2026-01-10");
    expect(lastEntryDate("## 2026-05-01 - b\r\n## 2025-12-31 - a\r\n")).toBe("2026-05-01");
    expect(lastEntryDate("# nothing dated")).toBeNull();
  });

  it.each([
    [MAP, "2026-01-10", false],
    [MAP, "2026-01-11", true],
    [MAP, "2026-01-09", false],
    ["# no entries", "2026-01-01", true],
    [null, "2026-01-01", true],
  ])("isMapStale(%#) on %s", (map, today, stale) => {
    expect(isMapStale(map, today)).toBe(stale);
  });
});

describe("understand triggers", () => {
  const none = { uncertainties: [], recommendUnderstand: null };
  const uncertainty = { topic: "auth flow", reason: "r", evidenceMissing: "e" };

  it("fires nothing for a fresh map and a confident planner", () => {
    const t = understandTriggers({ map: MAP, today: "2026-01-10", ...none });
    expect(t).toEqual({
      missing: false,
      stale: false,
      lastEntry: "2026-01-10",
      uncertain: false,
      topics: [],
      reasons: [],
      any: false,
    });
    expect(shouldPromptUnderstand("auto", t)).toBe(false);
    expect(shouldPromptUnderstand("always", t)).toBe(true);
  });

  it("reports a missing map", () => {
    const t = understandTriggers({ map: null, today: "2026-01-10", ...none });
    expect(t).toMatchObject({ missing: true, stale: false, any: true });
    expect(t.reasons).toEqual(["the codebase map does not exist yet"]);
  });

  it("reports staleness with the last entry date, or no entries", () => {
    expect(understandTriggers({ map: MAP, today: "2026-02-01", ...none }).reasons).toEqual([
      "the codebase map is stale (last entry 2026-01-10)",
    ]);
    expect(understandTriggers({ map: "# x", today: "2026-02-01", ...none }).reasons).toEqual([
      "the codebase map has no dated entries",
    ]);
  });

  it("reports planner uncertainty with topics and the planner's reasons", () => {
    const t = understandTriggers({
      map: MAP,
      today: "2026-01-10",
      uncertainties: [uncertainty, { ...uncertainty }, { ...uncertainty, topic: "db layer" }],
      recommendUnderstand: { shouldRun: false, reasons: ["routing is undocumented", " "] },
    });
    expect(t).toMatchObject({ uncertain: true, topics: ["auth flow", "db layer"], any: true });
    expect(t.reasons).toEqual([
      "the planner is uncertain about: auth flow, db layer",
      "routing is undocumented",
    ]);
  });

  it("counts recommendUnderstand.shouldRun alone as uncertainty", () => {
    const t = understandTriggers({
      map: MAP,
      today: "2026-01-10",
      uncertainties: [],
      recommendUnderstand: { shouldRun: true, reasons: [] },
    });
    expect(t).toMatchObject({ uncertain: true, any: true });
    expect(t.reasons).toEqual(["the planner recommends refreshing the codebase map"]);
  });

  it.each([
    ["auto", true, true],
    ["auto", false, false],
    ["always", false, true],
    ["never", true, false],
  ] as const)("mode %s with triggers=%s prompts: %s", (mode, any, expected) => {
    const base = understandTriggers({ map: MAP, today: "2026-01-10", ...none });
    expect(shouldPromptUnderstand(mode, { ...base, any })).toBe(expected);
  });
});

describe("understand cap (auto)", () => {
  it("counts unchecked items under the first Next Topics only", () => {
    const map = `${MAP}\n## Next Topics\n- [ ] second section is ignored\n`;
    expect(nextTopicsChecklist(map)).toEqual({ found: true, unchecked: 2, checked: 1 });
    expect(countNextTopics(map)).toBe(2);
    expect(autoUnderstandCap(map)).toEqual({ count: 2, how: "2 unchecked of 3 Next Topics" });
  });

  it("gives 0 when every topic is checked", () => {
    expect(autoUnderstandCap("## Next Topics\n- [x] a\n- [X] b\n").count).toBe(0);
  });

  it.each([
    [null, /no codebase map yet/],
    ["# map without topics", /no "## Next Topics" section/],
    ["## Next Topics\nprose only\n## 2026-01-01 - x\n- [ ] not in the section", /has no checklist/],
  ])("falls back to the default topics for %j", (map, how) => {
    const cap = autoUnderstandCap(map);
    expect(cap.count).toBe(DEFAULT_UNDERSTAND_TOPICS.length);
    expect(cap.how).toMatch(how);
  });

  it("the default map lists every default topic unchecked", () => {
    expect(countNextTopics(defaultCodebaseMap())).toBe(DEFAULT_UNDERSTAND_TOPICS.length);
  });
});

describe("appendMapEntry", () => {
  it("appends a dated entry that makes the map fresh", () => {
    const out = appendMapEntry(MAP, "2026-02-01", "Auth\nmiddleware", "Lives in src/auth.\r\n");
    expect(out.endsWith("\n\n## 2026-02-01 - Auth middleware\n\nLives in src/auth.\n")).toBe(true);
    expect(out.startsWith(MAP.trimEnd())).toBe(true);
    expect(isMapStale(out, "2026-02-01")).toBe(false);
    expect(countNextTopics(out)).toBe(countNextTopics(MAP));
  });

  it("starts from the default map when there is none", () => {
    const out = appendMapEntry(null, "2026-02-01", "First look", "");
    expect(out).toBe(`${defaultCodebaseMap().trimEnd()}\n\n## 2026-02-01 - First look\n`);
  });

  it.each([
    ["2026-2-1", "t"],
    ["2026-02-30", "t"],
    ["2026-02-01", "  "],
  ])("rejects date %j / title %j", (date, title) => {
    expect(() => appendMapEntry(MAP, date, title, "b")).toThrow(MapEntryError);
  });
});
