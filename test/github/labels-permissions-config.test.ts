import { describe, expect, it } from "vitest";
import { ConfigError, defaultConfig } from "../../src/core/config.js";
import {
  configErrorKey,
  loadRepoConfig,
  parseConfigText,
  reportConfigError,
} from "../../src/github/config.js";
import { setPhaseLabel } from "../../src/github/labels.js";
import { createPermissionResolver, toPermission } from "../../src/github/permissions.js";
import { withFake } from "./helpers.js";

describe("setPhaseLabel: exactly one phase label", () => {
  it("removes the other ralph:* phase labels, keeps the rest, adds the new one", async () => {
    const { fake, gh } = withFake();
    fake.issueLabels.set(42, ["bug", "ralph", "ralph:planning", "ralph:questions"]);
    await setPhaseLabel(gh, 42, "ralph:awaiting-approval");
    expect(fake.issueLabels.get(42)).toEqual(["bug", "ralph", "ralph:awaiting-approval"]);
    expect(fake.repoLabels.get("ralph:awaiting-approval")?.color).toMatch(/^[0-9a-f]{6}$/);
    expect(fake.unhandled).toEqual([]);
  });

  it("a change is one PUT of the whole set (plus one read when the labels are not known)", async () => {
    const { fake, gh } = withFake();
    fake.repoLabels.set("ralph:verifying", { name: "ralph:verifying", color: "0e8a16" });
    fake.repoLabels.set("ralph:implementing", { name: "ralph:implementing", color: "5319e7" });
    fake.issueLabels.set(42, ["bug", "ralph:implementing"]);
    await setPhaseLabel(gh, 42, "ralph:verifying");
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /repos/Codertocat/Hello-World/issues/42/labels",
      "PUT /repos/Codertocat/Hello-World/issues/42/labels",
    ]);
    expect(fake.requests[1]?.body).toEqual({ labels: ["bug", "ralph:verifying"] });
    fake.requests.length = 0;
    const now = await setPhaseLabel(gh, 42, "ralph:implementing", ["bug", "ralph:verifying"]);
    expect(fake.requests.map((r) => r.method)).toEqual(["PUT"]);
    expect(now).toEqual(["bug", "ralph:implementing"]);
  });

  it("a label GitHub creates implicitly gets Ralph's colour once per repository", async () => {
    const { fake, gh } = withFake();
    await setPhaseLabel(gh, 42, "ralph:planning", []);
    expect(fake.repoLabels.get("ralph:planning")?.color).toBe("1d76db");
    await setPhaseLabel(gh, 43, "ralph:planning", []);
    expect(fake.requestsMatching("PATCH", /\/labels\//)).toHaveLength(1);
  });

  it("touches nothing when the label is already the only phase label", async () => {
    const { fake, gh } = withFake();
    fake.issueLabels.set(42, ["ralph:done"]);
    await setPhaseLabel(gh, 42, "ralph:done");
    expect(fake.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("null removes every phase label", async () => {
    const { fake, gh } = withFake();
    fake.issueLabels.set(42, ["ralph:failed", "bug"]);
    await setPhaseLabel(gh, 42, null);
    expect(fake.issueLabels.get(42)).toEqual(["bug"]);
  });

  it("an existing repository label is not re-created", async () => {
    const { fake, gh } = withFake();
    fake.repoLabels.set("ralph:done", { name: "ralph:done", color: "000000" });
    await setPhaseLabel(gh, 42, "ralph:done");
    expect(
      fake.requestsMatching("POST", /\/labels$/).filter((r) => !r.path.includes("/issues/")),
    ).toEqual([]);
    expect(fake.issueLabels.get(42)).toEqual(["ralph:done"]);
  });
});

describe("permissions", () => {
  it.each([
    [{ permission: "write", role_name: "maintain" }, "maintain"],
    [{ permission: "read", role_name: "triage" }, "triage"],
    [{ permission: "admin", role_name: "admin" }, "admin"],
    [{ permission: "write", role_name: "custom-deployer" }, "write"],
    [{ permission: "none" }, "none"],
    [{}, "none"],
  ] as const)("%j → %s", (data, expected) => {
    expect(toPermission(data)).toBe(expected);
  });

  it("asks the API once per login per resolver; 404 is none", async () => {
    const { fake, gh } = withFake();
    fake.grant("alice", "write");
    const resolve = createPermissionResolver(gh);
    expect(await resolve("alice")).toBe("write");
    expect(await resolve("Alice")).toBe("write");
    expect(await resolve("ghost")).toBe("none");
    expect(fake.requestsMatching("GET", /\/permission$/)).toHaveLength(2);
    // A new reconcile sees permission changes.
    fake.grant("alice", "read");
    expect(await createPermissionResolver(gh)("alice")).toBe("read");
  });
});

describe(".github/ralph.yml", () => {
  it("missing file → defaults", async () => {
    const { gh } = withFake();
    expect(await loadRepoConfig(gh)).toEqual(defaultConfig());
  });

  it("reads YAML from the default branch", async () => {
    const { fake, gh } = withFake();
    fake.setFile(".github/ralph.yml", "approvals:\n  required: 2\nworkflow: agent.yml\n");
    const config = await loadRepoConfig(gh);
    expect(config.approvals.required).toBe(2);
    expect(config.workflow).toBe("agent.yml");
    expect(fake.requests[0]?.query.get("ref")).toBeNull();
  });

  it("is read once per client (one App event, one Action run), again by a new client", async () => {
    const { fake, gh } = withFake();
    fake.setFile(".github/ralph.yml", "workflow: agent.yml\n");
    const reads = () => fake.requestsMatching("GET", /\/contents\//).length;
    await loadRepoConfig(gh);
    expect((await loadRepoConfig(gh)).workflow).toBe("agent.yml");
    expect(reads()).toBe(1);
    fake.setFile(".github/ralph.yml", "workflow: other.yml\n");
    const next = { ...gh, client: { ...gh.client } };
    expect((await loadRepoConfig(next)).workflow).toBe("other.yml");
    expect(reads()).toBe(2);
  });

  it("a failed read is not remembered", async () => {
    const { fake, gh } = withFake();
    fake.onRequest = (r) =>
      r.path.includes("/contents/") ? [500, { message: "boom" }] : undefined;
    await expect(loadRepoConfig(gh)).rejects.toThrow();
    fake.onRequest = null;
    fake.setFile(".github/ralph.yml", "workflow: agent.yml\n");
    expect((await loadRepoConfig(gh)).workflow).toBe("agent.yml");
  });

  it("an invalid key throws ConfigError naming it", () => {
    expect(() => parseConfigText("approvals:\n  requird: 2\n")).toThrow(ConfigError);
    try {
      parseConfigText("approvals:\n  requird: 2\n");
    } catch (error) {
      expect((error as ConfigError).issues).toEqual([
        "approvals.requird: unknown key; did you mean required?",
      ]);
    }
  });

  it("reports an error once per issue, keyed by the error text", async () => {
    const { fake, gh } = withFake();
    let error: ConfigError | undefined;
    try {
      parseConfigText("limits: { max_attempts: 0 }\n");
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(await reportConfigError(gh, 42, e)).toBe(true);
    expect(await reportConfigError(gh, 42, e)).toBe(false);
    expect(fake.botComments(42)).toHaveLength(1);
    expect(fake.botComments(42)[0]?.body).toContain(configErrorKey(e));
    expect(fake.botComments(42)[0]?.body).toContain("limits.max_attempts");
  });
});
