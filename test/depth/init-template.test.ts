import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { CONFIG_TEMPLATE } from "../../src/cli/init-templates.js";
import { defaultConfig, parseConfig, ralphConfigSchema } from "../../src/core/config.js";

describe("the config `ralph init` writes", () => {
  it("is valid as written and gives the defaults", () => {
    expect(parseConfig(parseYaml(CONFIG_TEMPLATE) ?? {})).toEqual(defaultConfig());
  });

  it("names every top-level key of the schema", () => {
    const keys = Object.keys(ralphConfigSchema.shape);
    expect(keys.filter((k) => !new RegExp(`^# ${k}:`, "m").test(CONFIG_TEMPLATE))).toEqual([]);
  });
});
