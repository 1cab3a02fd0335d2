import { describe, expect, it } from "vitest";
import {
  parseBlocked,
  resolveHosts,
  rulesFor,
} from "../../../src/agents/boundary/firewall-rules.js";
import { parseHostEntry } from "../../../src/core/agent-network.js";

describe("the agent's firewall rules", () => {
  it("resolves names once, keeps literals, turns localhost into the loopback ranges", async () => {
    const lookups: string[] = [];
    const resolved = await resolveHosts(
      ["api.example.com", "10.0.0.7:8080", "localhost:3000", "gone.example.com"].map(
        parseHostEntry,
      ),
      async (host) => {
        lookups.push(host);
        if (host === "gone.example.com") throw new Error("ENOTFOUND");
        return [
          { address: "203.0.113.5", family: 4 },
          { address: "2001:db8::5", family: 6 },
        ];
      },
    );
    expect(lookups).toEqual(["api.example.com", "gone.example.com"]);
    expect(resolved).toEqual({
      destinations: [
        { family: 4, cidr: "203.0.113.5/32", port: null },
        { family: 6, cidr: "2001:db8::5/128", port: null },
        { family: 4, cidr: "10.0.0.7/32", port: 8080 },
        { family: 4, cidr: "127.0.0.0/8", port: 3000 },
        { family: 6, cidr: "::1/128", port: 3000 },
      ],
      unresolved: ["gone.example.com"],
    });
  });

  it("filters only the agent's uid: DNS and the allowed destinations pass, the rest is logged and refused", () => {
    const rules = rulesFor(4, 1234, [
      { family: 4, cidr: "203.0.113.5/32", port: null },
      { family: 4, cidr: "10.0.0.7/32", port: 8080 },
      { family: 6, cidr: "::1/128", port: null },
    ]);
    expect(rules.split("\n")).toEqual([
      "*filter",
      ":RALPH-AGENT-1234 - [0:0]",
      "-I OUTPUT 1 -m owner --uid-owner 1234 -j RALPH-AGENT-1234",
      "-A RALPH-AGENT-1234 -p udp --dport 53 -j RETURN",
      "-A RALPH-AGENT-1234 -p tcp --dport 53 -j RETURN",
      "-A RALPH-AGENT-1234 -d 203.0.113.5/32 -j RETURN",
      "-A RALPH-AGENT-1234 -d 10.0.0.7/32 -p tcp --dport 8080 -j RETURN",
      "-A RALPH-AGENT-1234 -d 10.0.0.7/32 -p udp --dport 8080 -j RETURN",
      '-A RALPH-AGENT-1234 -m hashlimit --hashlimit-upto 1/min --hashlimit-burst 1 --hashlimit-mode dstip,dstport --hashlimit-name ralph-agent-1234 --hashlimit-htable-expire 86400000 -j LOG --log-prefix "ralph-agent-blocked: " --log-uid',
      "-A RALPH-AGENT-1234 -p tcp -j REJECT --reject-with tcp-reset",
      "-A RALPH-AGENT-1234 -j REJECT",
      "COMMIT",
      "",
    ]);
    expect(rulesFor(6, 1234, [{ family: 6, cidr: "::1/128", port: null }])).toContain(
      "-A RALPH-AGENT-1234 -d ::1/128 -j RETURN",
    );
  });

  it("lists what was blocked from the rate limit's tables, IPv6 shortened", () => {
    const table = [
      "86399 0.0.0.0:0->127.0.0.1:18444 71468255805440 8246337180000000 8246337180000000",
      "86390 0.0.0.0:0->203.0.113.9:443 1 2 3",
      "86390 0.0.0.0:0->127.0.0.1:18444 1 2 3",
      "86000 0000:0000:0000:0000:0000:0000:0000:0000:0->2001:0db8:0000:0000:0000:0000:0000:0009:443 1 2 3",
      "",
    ].join("\n");
    expect(parseBlocked(table)).toEqual([
      "127.0.0.1:18444",
      "203.0.113.9:443",
      "[2001:db8::9]:443",
    ]);
  });
});
