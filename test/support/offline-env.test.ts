import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import setup from "./offline-env.js";

const NAME = "NODE_EXTRA_CA_CERTS";
const before = process.env[NAME];

afterEach(() => {
  if (before === undefined) delete process.env[NAME];
  else process.env[NAME] = before;
});

describe("no CA bundle for the offline suites (test/support/offline-env.ts)", () => {
  it("reaches neither this worker nor what it starts", () => {
    expect(process.env[NAME]).toBeUndefined();
    const seen = execFileSync(process.execPath, ["-p", `process.env.${NAME} ?? "unset"`], {
      encoding: "utf8",
    });
    expect(seen.trim()).toBe("unset");
  });

  it("is removed by the first project's setup and put back by the last teardown", () => {
    process.env[NAME] = "/etc/ssl/certs/bundle.crt";
    const first = setup();
    const second = setup();
    expect(process.env[NAME]).toBeUndefined();
    first();
    expect(process.env[NAME]).toBeUndefined();
    second();
    expect(process.env[NAME]).toBe("/etc/ssl/certs/bundle.crt");
  });

  it("stays unset after the run when it was unset before", () => {
    delete process.env[NAME];
    setup()();
    expect(process.env[NAME]).toBeUndefined();
  });
});
