import { describe, expect, it } from "vitest";
import {
  defaultAllowedHosts,
  formatHostEntry,
  HostEntryError,
  parseHostEntry,
} from "../../src/core/agent-network.js";
import { ConfigError, parseConfig } from "../../src/core/config.js";

describe("agent_allowed_hosts entries", () => {
  it.each([
    ["api.anthropic.com", { host: "api.anthropic.com", port: null }],
    ["Registry.NPMJS.org:443", { host: "registry.npmjs.org", port: 443 }],
    ["localhost", { host: "localhost", port: null }],
    ["localhost:8080", { host: "localhost", port: 8080 }],
    ["10.0.0.7", { host: "10.0.0.7", port: null }],
    ["127.0.0.1:18443", { host: "127.0.0.1", port: 18443 }],
    ["::1", { host: "::1", port: null }],
    ["[2001:db8::1]:443", { host: "2001:db8::1", port: 443 }],
  ])("%s", (entry, parsed) => {
    expect(parseHostEntry(entry)).toEqual(parsed);
    expect(parseHostEntry(formatHostEntry(parsed))).toEqual(parsed);
  });

  it.each([
    ["*.example.com", /wildcards/],
    ["10.0.0.0/8", /ranges/],
    ["example.com:0", /port/],
    ["example.com:70000", /port/],
    ["exa mple.com", /not a host name/],
    ["[zz::1]", /IPv6/],
  ])("refuses %s, saying why", (entry, why) => {
    expect(() => parseHostEntry(entry)).toThrow(HostEntryError);
    expect(() => parseHostEntry(entry)).toThrow(why);
  });

  it("defaults: the agent's model API, the npm registry and loopback", () => {
    expect(defaultAllowedHosts("claude")).toEqual([
      "api.anthropic.com",
      "registry.npmjs.org",
      "localhost",
    ]);
    expect(defaultAllowedHosts("codex")).toEqual([
      "api.openai.com",
      "chatgpt.com",
      "registry.npmjs.org",
      "localhost",
    ]);
    expect(defaultAllowedHosts("command")).toEqual(["registry.npmjs.org", "localhost"]);
  });

  it("the config names a bad entry by its key path", () => {
    expect(() => parseConfig({ agent_allowed_hosts: ["ok.example.com", "*.bad.com"] })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig({ agent_allowed_hosts: ["*.bad.com"] })).toThrow(
      /agent_allowed_hosts\[0\].*wildcards/,
    );
    expect(parseConfig({ agent_network: "allowlist" }).agent_allowed_hosts).toBeNull();
  });
});
